import { describe, expect, it } from 'vitest';
import { sortedMembers, type ChallengeMember, type MemberStatus } from './challenges';

const member = (displayName: string, status: MemberStatus, creator = false): ChallengeMember => ({
  userId: displayName,
  username: displayName.toLowerCase(),
  displayName,
  avatarUrl: null,
  status,
  creator,
});

describe('sortedMembers', () => {
  it('lists who takes part first, the creator leading, then who is asked, who declined and who left', () => {
    const members = [
      member('Zoe', 'declined'),
      member('Bea', 'invited'),
      member('Cal', 'accepted'),
      member('Max', 'accepted', true),
      member('Ada', 'left'),
      member('Abe', 'invited'),
    ];

    expect(sortedMembers(members).map(({ displayName }) => displayName)).toEqual([
      'Max',
      'Cal',
      'Abe',
      'Bea',
      'Zoe',
      'Ada',
    ]);
  });
});
