import { useId, type ReactNode } from 'react';
import type { PublicProfile } from '@/domain/friends';
import { PersonLabel } from './PersonLabel';

export interface PersonRowProps {
  person: PublicProfile;
  /** What may be done to the person; given the id of the names for `aria-describedby`. */
  actions: (namesId: string) => ReactNode;
  /** Why the last action was refused, shown beneath. */
  error?: string | undefined;
}

/** One person in a list of people: picture, names, actions and a refusal beneath. */
export function PersonRow({ person, actions, error }: PersonRowProps) {
  const namesId = useId();
  return (
    <li className="person-item">
      <PersonLabel person={person} namesId={namesId} />
      {actions(namesId)}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
