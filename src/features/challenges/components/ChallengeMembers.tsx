import { sortedMembers, type ChallengeSummary, type MemberStatus } from '@/domain/challenges';
import { Avatar } from '@/components/PersonLabel';
import { useT, type MessageId } from '@/i18n';

const STATUS_NAMES: Readonly<Record<MemberStatus, MessageId>> = {
  accepted: 'challenges.members.accepted',
  invited: 'challenges.members.invited',
  declined: 'challenges.members.declined',
  left: 'challenges.members.left',
};

/** Who a challenge asked, with where each stands: joined, still asked, declined or left. */
export function ChallengeMembers({ challenge }: { challenge: ChallengeSummary }) {
  const t = useT();
  if (challenge.members.length === 0) return null;
  return (
    <ul className="challenge-members" aria-label={t('challenges.members.label', { title: challenge.title })}>
      {sortedMembers(challenge.members).map((member) => (
        <li key={member.userId}>
          <Avatar person={member} />
          <span>
            {member.displayName}{' '}
            <span className="stat-note">
              {member.creator && member.status === 'accepted'
                ? t('challenges.members.creator')
                : t(STATUS_NAMES[member.status])}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
