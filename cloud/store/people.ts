import { MASTER, Parse } from '../parse';
import { friendshipClass } from '../schema/friendship';
import { queryOf } from '../schema/rows';
import { storeRead } from './read';

/** Who a person's friends are, answering the same through SQL and through Parse queries (cloud/store/people.int.test.ts). */

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
      .findAll({ ...MASTER, batchSize: 1000 });
    const others = rows.map((row) => {
      const from = row.get('from').id ?? '';
      return from === userId ? (row.get('to').id ?? '') : from;
    });
    return [...new Set(others)];
  },
});
