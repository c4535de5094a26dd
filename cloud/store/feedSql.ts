/**
 * The friends' feed in one statement, shared by the store (cloud/store/feed.ts) and its benchmark
 * (bench/feed.ts). Parameters: $1 the viewer's id, $2 the moment workouts started before, $3 how
 * many, $4 now (for suspensions). Each friend's newest shared workouts are read from the index on
 * (user, visibility, startedAt), at most $3 of each, then merged: the cost follows the number of
 * friends and the page, not how many workouts they logged.
 */
export const FEED_STATEMENT = `WITH blocked AS (
  SELECT "to" AS id FROM "Friendship" WHERE "from" = $1 AND status = 'blocked'
  UNION SELECT "from" FROM "Friendship" WHERE "to" = $1 AND status = 'blocked'
), shown AS (
  SELECT friend.id FROM (
    SELECT "to" AS id FROM "Friendship" WHERE "from" = $1 AND status = 'accepted'
    UNION SELECT "from" FROM "Friendship" WHERE "to" = $1 AND status = 'accepted'
  ) friend
  JOIN "_User" owner ON owner."objectId" = friend.id
  WHERE friend.id NOT IN (SELECT id FROM blocked)
    AND (owner."suspendedUntil" IS NULL OR owner."suspendedUntil" <= $4)
), page AS (
  SELECT workout.* FROM shown CROSS JOIN LATERAL (
    SELECT "objectId", "user", type, "startedAt", "durationMin", "distanceKm", "movingTimeS",
           "elevationGainM", "commentsOff"
      FROM "Activity"
     WHERE "user" = shown.id AND visibility = 'friends' AND "startedAt" < $2
       AND "moderationHidden" IS NOT TRUE
     ORDER BY "startedAt" DESC LIMIT $3
  ) workout
  ORDER BY workout."startedAt" DESC, workout."objectId" DESC LIMIT $3
)
SELECT page.*,
       (SELECT count(*)::int FROM "Kudos" WHERE activity = page."objectId") AS "kudosCount",
       EXISTS (SELECT 1 FROM "Kudos" WHERE activity = page."objectId" AND "user" = $1) AS "kudosGiven",
       (SELECT count(*)::int FROM "Comment" comment
          JOIN "_User" author ON author."objectId" = comment.author
         WHERE comment.activity = page."objectId" AND comment."moderationHidden" IS NOT TRUE
           AND comment.author NOT IN (SELECT id FROM blocked)
           AND (author."suspendedUntil" IS NULL OR author."suspendedUntil" <= $4)) AS "commentCount"
  FROM page
 ORDER BY page."startedAt" DESC, page."objectId" DESC`;
