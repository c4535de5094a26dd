import { describe, expect, it } from 'vitest';
import { invitationLink, isReservedUsername, isSignupMode, mayInvite, type SignupRules } from './signup';

const inviteOnly: SignupRules = { mode: 'invite', adminUsernames: ['maria'], invitesByUsers: false };

describe('sign-up rules', () => {
  it('knows the three modes and nothing else', () => {
    expect(['open', 'invite', 'closed'].every(isSignupMode)).toBe(true);
    expect(isSignupMode('Invite')).toBe(false);
    expect(isSignupMode(undefined)).toBe(false);
  });

  it('keeps the listed usernames, in any case, and no other', () => {
    expect(isReservedUsername(inviteOnly, 'maria')).toBe(true);
    expect(isReservedUsername(inviteOnly, 'Maria')).toBe(true);
    expect(isReservedUsername(inviteOnly, 'maria2')).toBe(false);
    expect(isReservedUsername({ ...inviteOnly, adminUsernames: [] }, 'maria')).toBe(false);
  });

  it('lets admins invite on an invite-only server, everyone when allowed, and nobody elsewhere', () => {
    expect(mayInvite(inviteOnly, 'admin')).toBe(true);
    expect(mayInvite(inviteOnly, 'person')).toBe(false);
    expect(mayInvite({ ...inviteOnly, invitesByUsers: true }, 'person')).toBe(true);
    expect(mayInvite({ ...inviteOnly, invitesByUsers: true }, 'visitor')).toBe(false);
    expect(mayInvite({ ...inviteOnly, mode: 'open' }, 'admin')).toBe(false);
    expect(mayInvite({ ...inviteOnly, mode: 'closed', invitesByUsers: true }, 'admin')).toBe(false);
  });

  it('writes the link to the sign-up page with the code', () => {
    expect(invitationLink('https://fit.example.org', 'abc_DEF-123')).toBe(
      'https://fit.example.org/signup?invitation=abc_DEF-123',
    );
  });
});
