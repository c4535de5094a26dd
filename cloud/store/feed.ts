import type { ActivityType } from '../../src/domain/contract';
import { MASTER_PAGES, Parse, userPointer } from '../parse';
import { activityClass } from '../schema/activity';
import { commentClass } from '../schema/comment';
import { friendshipClass } from '../schema/friendship';
import { kudosClass } from '../schema/kudos';
import { queryOf, rowOf } from '../schema/rows';
import { friendIdsOf } from './people';
import { FEED_STATEMENT } from './feedSql';
import { storeRead } from './read';
import { isSuspended } from './sharing';

/**
 * The friends' feed: a person's friends' shared workouts, newest first, as cloud/store/sharing.ts
 * `mayView` allows each (shared with friends, friends with no block either way, owner not
 * suspended, not hidden by a moderator), with their kudos and comments counted. One SQL statement
 * with PostgreSQL, Parse queries without; both answer the same (cloud/store/feed.int.test.ts).
 */

export interface FeedRow {
  activityId: string;
  ownerId: string;
  type: ActivityType;
  startedAt: Date;
  durationMin: number;
  distanceKm: number | null;
  movingTimeS: number | null;
  elevationGainM: number | null;
  commentsOff: boolean;
  kudosCount: number;
  /** Comments the viewer is shown: not hidden by a moderator, by no one blocked either way or suspended. */
  commentCount: number;
  kudosGiven: boolean;
}

export interface FeedQuery {
  viewerId: string;
  /** Only workouts started before this moment. */
  before: Date;
  limit: number;
  now: Date;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export const feedRows = storeRead({
  async bySql(sql, { viewerId, before, limit, now }: FeedQuery): Promise<FeedRow[]> {
    const { rows } = await sql.query<{
      objectId: string;
      user: string;
      type: ActivityType;
      startedAt: Date;
      durationMin: number;
      distanceKm: number | null;
      movingTimeS: number | null;
      elevationGainM: number | null;
      commentsOff: boolean | null;
      kudosCount: number;
      commentCount: number;
      kudosGiven: boolean;
    }>(FEED_STATEMENT, [viewerId, before, limit, now]);
    return rows.map((row) => ({
      activityId: row.objectId,
      ownerId: row.user,
      type: row.type,
      startedAt: row.startedAt,
      durationMin: row.durationMin,
      distanceKm: numberOrNull(row.distanceKm),
      movingTimeS: numberOrNull(row.movingTimeS),
      elevationGainM: numberOrNull(row.elevationGainM),
      commentsOff: row.commentsOff === true,
      kudosCount: row.kudosCount,
      commentCount: row.commentCount,
      kudosGiven: row.kudosGiven,
    }));
  },

  async byQueries({ viewerId, before, limit, now }: FeedQuery): Promise<FeedRow[]> {
    const me = Parse.User.createWithoutData(viewerId);
    const blockRows = await Parse.Query.or(
      queryOf(friendshipClass).equalTo('from', me),
      queryOf(friendshipClass).equalTo('to', me),
    )
      .equalTo('status', 'blocked')
      .findAll(MASTER_PAGES);
    const blocked = new Set(
      blockRows.map((row) => {
        const from = row.get('from').id ?? '';
        return from === viewerId ? (row.get('to').id ?? '') : from;
      }),
    );
    const friendIds = (await friendIdsOf.byQueries(viewerId)).filter((id) => !blocked.has(id));
    const suspendedAmong = async (ids: readonly string[]) => {
      const users = await new Parse.Query(Parse.User)
        .containedIn('objectId', [...ids])
        .select('suspendedUntil')
        .findAll(MASTER_PAGES);
      return new Set(users.filter((user) => isSuspended(user, now)).map((user) => user.id ?? ''));
    };
    const suspended = await suspendedAmong(friendIds);
    const owners = friendIds.filter((id) => !suspended.has(id));
    if (owners.length === 0) return [];

    const workouts = await queryOf(activityClass)
      .containedIn('user', owners.map(userPointer))
      .equalTo('visibility', 'friends')
      .notEqualTo('moderationHidden', true)
      .lessThan('startedAt', before)
      .descending('startedAt')
      .addDescending('objectId')
      .limit(limit)
      .find(MASTER_PAGES);
    if (workouts.length === 0) return [];
    const activityIds = workouts.map((workout) => workout.id ?? '');
    const pointers = activityIds.map((id) => rowOf(activityClass, id));

    const kudos = await queryOf(kudosClass).containedIn('activity', pointers).findAll(MASTER_PAGES);
    const comments = await queryOf(commentClass)
      .containedIn('activity', pointers)
      .notEqualTo('moderationHidden', true)
      .findAll(MASTER_PAGES);
    const suspendedAuthors = await suspendedAmong(comments.map((comment) => comment.get('author').id ?? ''));
    const shownComments = comments.filter((comment) => {
      const author = comment.get('author').id ?? '';
      return !blocked.has(author) && !suspendedAuthors.has(author);
    });
    const countOn = (rows: readonly { get(key: 'activity'): { id?: string } }[], activityId: string) =>
      rows.filter((row) => row.get('activity').id === activityId).length;

    // In the database's order: newest first, then by id as the statement orders.
    return workouts.map((workout): FeedRow => {
      const activityId = workout.id ?? '';
      return {
        activityId,
        ownerId: workout.get('user').id ?? '',
        type: workout.get('type'),
        startedAt: workout.get('startedAt'),
        durationMin: workout.get('durationMin'),
        distanceKm: numberOrNull(workout.get('distanceKm')),
        movingTimeS: numberOrNull(workout.get('movingTimeS')),
        elevationGainM: numberOrNull(workout.get('elevationGainM')),
        commentsOff: workout.get('commentsOff') === true,
        kudosCount: countOn(kudos, activityId),
        commentCount: countOn(shownComments, activityId),
        kudosGiven: kudos.some(
          (row) => row.get('activity').id === activityId && row.get('user').id === viewerId,
        ),
      };
    });
  },
});
