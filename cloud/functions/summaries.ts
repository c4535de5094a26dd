import { claimScheduledSends, SCHEDULED_SEND_TABLE, sqlClient, type SqlClient } from '../database';
import { KEPT_NOTIFICATIONS, pushMessageOf } from '../../src/domain/notifications';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages';
import { t } from '../../src/i18n/messages';
import { inLanguage } from '../../server/http/i18n';
import { languagesOf } from '../languages';
import { pushOutsideQuietHours, type PushText } from '../push';
import { MASTER, Parse, readableBy, refusal, scheduledRunAt } from '../parse';
import { defineFunction, type CloudRequest } from './define';
import { rowOf } from '../schema/rows';
import { notificationClass } from '../schema/notification';

/** Monday's summary goes out from this local hour on. */
const SUMMARY_HOUR = 8;

/** Notifications are saved in batches of this many. */
const SAVE_BATCH = 200;

interface Due {
  user: string;
  tz: string;
  /** The Monday the summarised week began, YYYY-MM-DD in the person's time zone. */
  week: string;
}

interface WeekNumbers {
  user: string;
  workouts: number;
  minutes: number;
  days: number;
}

/** The week in numbers the summary gives: never a weight, never a meal. */
export function summarySentence({ workouts, minutes, days }: Omit<WeekNumbers, 'user'>): string {
  return t('server.summary.week', { workouts, minutes, days });
}

/**
 * The people whose last week has ended at `now` (from Monday 08:00 where they live), who want a
 * summary of it and have not been sent it. A zone PostgreSQL does not know counts as UTC rather than stopping the run.
 */
async function dueAt(sql: SqlClient, now: Date): Promise<Due[]> {
  const { rows } = await sql.query<Due>(
    `WITH people AS (
       SELECT s."user", CASE WHEN z.name IS NULL THEN 'UTC' ELSE s.timezone END AS tz
         FROM "Settings" s LEFT JOIN pg_timezone_names z ON z.name = s.timezone
        WHERE s."user" IS NOT NULL AND s."weeklySummary" IS DISTINCT FROM false
     ), local AS (
       SELECT "user", tz, ($1::timestamptz AT TIME ZONE tz) AS at FROM people
     )
     SELECT l."user", l.tz, w.week
       FROM local l
       CROSS JOIN LATERAL (SELECT (l.at::date - (extract(isodow FROM l.at)::int - 1) - 7)::text AS week) w
      WHERE (extract(isodow FROM l.at) > 1 OR extract(hour FROM l.at) >= $2)
        -- A week already claimed is left out here, so the runs after Monday's write nothing.
        AND NOT EXISTS (
          SELECT 1 FROM ${SCHEDULED_SEND_TABLE} sent
           WHERE sent.user_id = l."user" AND sent.kind = 'weekly-summary' AND sent.period = w.week
        )`,
    [now, SUMMARY_HOUR],
  );
  return rows;
}

/** Workouts, active minutes and days with anything logged in each person's week, by their clock. */
async function weekNumbers(sql: SqlClient, due: readonly Due[]): Promise<WeekNumbers[]> {
  const { rows } = await sql.query<WeekNumbers>(
    `WITH p AS (
       SELECT id, tz, (week::date::timestamp AT TIME ZONE tz) AS starts,
              ((week::date + 7)::timestamp AT TIME ZONE tz) AS ends
         FROM unnest($1::text[], $2::text[], $3::text[]) AS d(id, tz, week)
     )
     SELECT p.id AS "user",
            (SELECT count(*) FROM "Activity" a
              WHERE a."user" = p.id AND a."startedAt" >= p.starts AND a."startedAt" < p.ends)::int AS workouts,
            (SELECT coalesce(sum(a."durationMin"), 0) FROM "Activity" a
              WHERE a."user" = p.id AND a."startedAt" >= p.starts AND a."startedAt" < p.ends)::int AS minutes,
            (SELECT count(DISTINCT (x.at AT TIME ZONE p.tz)::date) FROM (
               SELECT a."startedAt" AS at FROM "Activity" a
                WHERE a."user" = p.id AND a."startedAt" >= p.starts AND a."startedAt" < p.ends
               UNION ALL SELECT m."eatenAt" FROM "Meal" m
                WHERE m."user" = p.id AND m."eatenAt" >= p.starts AND m."eatenAt" < p.ends
               UNION ALL SELECT w."measuredAt" FROM "WeightEntry" w
                WHERE w."user" = p.id AND w."measuredAt" >= p.starts AND w."measuredAt" < p.ends
             ) x)::int AS days
       FROM p`,
    [due.map((row) => row.user), due.map((row) => row.tz), due.map((row) => row.week)],
  );
  return rows;
}

/**
 * Sends the summary of last week to everyone due at `now` who has not had it and logged something
 * in it, and answers how many were sent. Several nodes may run it at the same moment: each summary is claimed by one insert
 * into a table keyed by person, kind and week, so nobody gets it twice.
 */
export async function sendWeeklySummaries(sql: SqlClient, now: Date = new Date()): Promise<number> {
  const due = await dueAt(sql, now);
  if (due.length === 0) return 0;
  const claimed = await claimScheduledSends(
    sql,
    'weekly-summary',
    due.map((row) => ({ user: row.user, period: row.week })),
  );
  const mine = due.filter((row) => claimed.has(row.user));
  if (mine.length === 0) return 0;
  // A week with nothing logged (a new account's first, an idle one) is claimed but not summarised.
  const numbers = (await weekNumbers(sql, mine)).filter((week) => week.days > 0);
  const pushes = new Map<string, PushText>();
  // The summary stays in the notifications as written: in the language the person chose.
  const languages = await languagesOf(numbers.map((week) => week.user));
  for (let start = 0; start < numbers.length; start += SAVE_BATCH) {
    const rows = numbers.slice(start, start + SAVE_BATCH).map((week) => {
      const row = rowOf(notificationClass);
      row.set({
        user: Parse.User.createWithoutData(week.user),
        kind: 'weekly-summary',
        subject: inLanguage(languages.get(week.user) ?? DEFAULT_LANGUAGE, () => summarySentence(week)),
      });
      row.setACL(readableBy(week.user));
      return row;
    });
    await Parse.Object.saveAll(rows, MASTER);
    for (const row of rows) {
      const subject = String(row.get('subject'));
      const user = row.get('user').id ?? '';
      pushes.set(user, () =>
        pushMessageOf({
          id: row.id ?? '',
          kind: 'weekly-summary',
          actor: null,
          subject,
          challengeId: null,
          createdAt: '',
          read: false,
        }),
      );
    }
  }
  // Each person keeps their newest notifications only.
  await sql.query(
    `DELETE FROM "Notification" n USING (
       SELECT "objectId", row_number() OVER (PARTITION BY "user" ORDER BY "createdAt" DESC) AS place
         FROM "Notification" WHERE "user" = ANY($1)
     ) older
     WHERE n."objectId" = older."objectId" AND older.place > $2`,
    [mine.map((row) => row.user), KEPT_NOTIFICATIONS],
  );
  await pushOutsideQuietHours(pushes, now);
  return numbers.length;
}

/**
 * `sendWeeklySummaries({ now? })`, for the master key only: what the server's own schedule runs,
 * callable by an operator (and the tests) at a chosen moment. SQL only: without the pool it is
 * refused, as the server does not schedule it then.
 */
async function sendWeeklySummariesNow(
  request: CloudRequest<'sendWeeklySummaries'>,
): Promise<{ sent: number }> {
  const at = scheduledRunAt(request, 'summaries');
  const sql = sqlClient();
  if (!sql) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.sql.needed', { feature: 'sendWeeklySummaries' });
  }
  return { sent: await sendWeeklySummaries(sql, at) };
}

export function registerSummaryFunctions(): void {
  defineFunction('sendWeeklySummaries', sendWeeklySummariesNow);
}
