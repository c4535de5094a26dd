import { MASTER, userPointer } from '../parse';
import { muteClass } from '../schema/mute';
import { queryOf } from '../schema/rows';

/** The most people one person may mute. */
export const MAX_MUTES = 1000;

/** The ids of the people `userId` has muted: their chat messages and comments are hidden for them. */
export async function mutedIdsOf(userId: string): Promise<Set<string>> {
  const rows = await queryOf(muteClass)
    .equalTo('user', userPointer(userId))
    .select('muted')
    .limit(MAX_MUTES)
    .find(MASTER);
  return new Set(rows.map((row) => row.get('muted').id ?? '').filter((id) => id !== ''));
}
