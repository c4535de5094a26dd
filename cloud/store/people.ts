import { MASTER, MASTER_PAGES, Parse, userPointer } from '../parse';
import { friendshipClass } from '../schema/friendship';
import { queryOf, type RowOf } from '../schema/rows';
import { storeRead } from './read';

export type FriendshipRow = RowOf<typeof friendshipClass>;

/** What lies between two people, read from the Friendship rows either of them wrote. */
export interface RelationBetween {
  /** The row that holds it (normally the only one), to change or remove; none for strangers. */
  row: FriendshipRow | undefined;
  /** Accepted friends, with no block either way. */
  friends: boolean;
}

/** The relation between `a` and `b`: friends, blocked, pending or declined, whichever of them asked. */
export async function relationBetween(a: string, b: string): Promise<RelationBetween> {
  const pair = (from: string, to: string) =>
    queryOf(friendshipClass).equalTo('from', userPointer(from)).equalTo('to', userPointer(to));
  const rows = await Parse.Query.or(pair(a, b), pair(b, a)).find(MASTER);
  const statuses = rows.map((row) => row.get('status'));
  return { row: rows[0], friends: statuses.includes('accepted') && !statuses.includes('blocked') };
}

/**
 * Who a person's friends are, and who a search finds, answering the same through SQL and through
 * Parse queries (cloud/store/people.int.test.ts).
 */

/** The ids of a person's accepted friends, whichever of the two asked, in no order. */
export const friendIdsOf = storeRead({
  async bySql(sql, userId: string): Promise<string[]> {
    const { rows } = await sql.query<{ id: string }>(
      `SELECT "to" AS id FROM "Friendship" WHERE "from" = $1 AND status = 'accepted'
       UNION SELECT "from" FROM "Friendship" WHERE "to" = $1 AND status = 'accepted'`,
      [userId],
    );
    return rows.map((row) => row.id);
  },
  async byQueries(userId: string): Promise<string[]> {
    const me = Parse.User.createWithoutData(userId);
    const rows = await Parse.Query.or(
      queryOf(friendshipClass).equalTo('from', me),
      queryOf(friendshipClass).equalTo('to', me),
    )
      .equalTo('status', 'accepted')
      .findAll(MASTER_PAGES);
    const others = rows.map((row) => {
      const from = row.get('from').id ?? '';
      return from === userId ? (row.get('to').id ?? '') : from;
    });
    return [...new Set(others)];
  },
});

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `text` as a literal in a regular expression, quoted as the SDK's `startsWith` does; both adapters read it. */
function literal(text: string): string {
  return `\\Q${text.replaceAll('\\E', '\\E\\\\E\\Q')}\\E`;
}

/** Code-point order, as PostgreSQL's C collations sort. */
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The ids of the people whose username, or a word of whose display name, begins with `query` in
 * any case: ordered by their username in lower case (then id), at most `limit`.
 */
export const peopleMatching = storeRead({
  async bySql(sql, query: string, limit: number): Promise<string[]> {
    const { rows } = await sql.query<{ objectId: string }>(
      `SELECT "objectId" FROM "_User"
        WHERE lower(username) LIKE $1 ESCAPE '\\' OR lower("displayName") LIKE $1 ESCAPE '\\'
           OR lower("displayName") LIKE $2 ESCAPE '\\'
        ORDER BY lower(username) COLLATE "C", "objectId" COLLATE "C" LIMIT $3`,
      [`${escapeLike(query.toLowerCase())}%`, `% ${escapeLike(query.toLowerCase())}%`, limit],
    );
    return rows.map((row) => row.objectId);
  },
  async byQueries(query: string, limit: number): Promise<string[]> {
    // What the statement matches: the start of the username or of any word of the display name, in any case.
    const users = await Parse.Query.or(
      new Parse.Query(Parse.User).matches('username', `^${literal(query)}`, 'i'),
      new Parse.Query(Parse.User).matches('displayName', `(^| )${literal(query)}`, 'i'),
    )
      .select('username')
      .findAll(MASTER_PAGES);
    return users
      .map((user) => ({ id: user.id ?? '', key: (user.getUsername() ?? '').toLowerCase() }))
      .sort((a, b) => byCodePoints(a.key, b.key) || byCodePoints(a.id, b.id))
      .slice(0, limit)
      .map((user) => user.id);
  },
});
