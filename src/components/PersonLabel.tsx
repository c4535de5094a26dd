import type { ReactNode } from 'react';
import type { PublicProfile } from '@/domain/friends';
import { initials } from '@/lib/initials';

/** The person's picture, or their initials in a circle; decorative, since the name is always shown. */
export function Avatar({ person }: { person: PublicProfile }) {
  return person.avatarUrl ? (
    <img className="avatar" src={person.avatarUrl} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <span className="avatar avatar-initials" aria-hidden="true">
      {initials(person.displayName)}
    </span>
  );
}

export interface PersonLabelProps {
  person: PublicProfile;
  /** Id of the names, for buttons that act on this person to point at (aria-describedby). */
  namesId?: string;
  /** Shown after the display name, e.g. a visually hidden "(you)". */
  children?: ReactNode;
}

/** Avatar, display name and @username. */
export function PersonLabel({ person, namesId, children }: PersonLabelProps) {
  return (
    <span className="person">
      <Avatar person={person} />
      <span className="person-names" id={namesId}>
        <span className="person-name">
          {person.displayName}
          {children}
        </span>{' '}
        <span className="person-username">@{person.username}</span>
      </span>
    </span>
  );
}
