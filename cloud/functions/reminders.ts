import { SETTINGS_DEFAULTS } from '../../src/domain/contract';
import {
  isQuietAt,
  isReminderDue,
  reminderMessage,
  STREAK_REMINDER_TIME,
  type ReminderKind,
} from '../../src/domain/reminders';
import { claimScheduledSends, sqlClient, type SqlClient } from '../database';
import { Parse, refusal, scheduledRunAt } from '../parse';
import { pushToPeople, type PushText } from '../push';
import { defineFunction, type CloudRequest } from './define';

interface Person {
  user: string;
  tz: string;
  /** The person's day and clock at the moment of the run. */
  day: string;
  time: string;
  weighIn: boolean;
  weighInTime: string;
  streak: boolean;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
}

/** The rows each person's day is logged in, by the column that dates them. */
const LOGGED = { WeightEntry: 'measuredAt', Activity: 'startedAt', Meal: 'eatenAt' } as const;

/**
 * People with a reminder switched on and a device to push to, with their day and time now. A zone
 * PostgreSQL does not know counts as UTC rather than stopping the run.
 */
async function peopleWithReminders(sql: SqlClient, now: Date): Promise<Person[]> {
  const { rows } = await sql.query<Person>(
    `WITH people AS (
       SELECT s."user", CASE WHEN z.name IS NULL THEN 'UTC' ELSE s.timezone END AS tz,
              s."weighInReminder" IS TRUE AS "weighIn", coalesce(s."weighInReminderTime", $2) AS "weighInTime",
              s."streakReminder" IS TRUE AS streak, s."quietHours" IS DISTINCT FROM false AS quiet,
              coalesce(s."quietHoursStart", $3) AS "quietStart", coalesce(s."quietHoursEnd", $4) AS "quietEnd"
         FROM "Settings" s LEFT JOIN pg_timezone_names z ON z.name = s.timezone
        WHERE s."user" IS NOT NULL AND (s."weighInReminder" IS TRUE OR s."streakReminder" IS TRUE)
          AND EXISTS (SELECT 1 FROM "PushSubscription" p WHERE p."user" = s."user")
     )
     SELECT p.*, to_char($1::timestamptz AT TIME ZONE p.tz, 'YYYY-MM-DD') AS day,
            to_char($1::timestamptz AT TIME ZONE p.tz, 'HH24:MI') AS time
       FROM people p`,
    [
      now,
      SETTINGS_DEFAULTS.weighInReminderTime,
      SETTINGS_DEFAULTS.quietHoursStart,
      SETTINGS_DEFAULTS.quietHoursEnd,
    ],
  );
  return rows;
}

/** Those of `people` with a row of `tables` on their day `offset` days from today, by their clock. */
async function loggedOn(
  sql: SqlClient,
  people: readonly Person[],
  tables: readonly (keyof typeof LOGGED)[],
  offset: number,
): Promise<Set<string>> {
  if (people.length === 0) return new Set();
  const logged = tables
    .map(
      (table) => `SELECT 1 FROM "${table}" r WHERE r."user" = d.id
         AND r."${LOGGED[table]}" >= ((d.day::date + $4::int)::timestamp AT TIME ZONE d.tz)
         AND r."${LOGGED[table]}" < ((d.day::date + $4::int + 1)::timestamp AT TIME ZONE d.tz)`,
    )
    .join(' UNION ALL ');
  const { rows } = await sql.query<{ id: string }>(
    `SELECT d.id FROM unnest($1::text[], $2::text[], $3::text[]) AS d(id, tz, day)
      WHERE EXISTS (${logged})`,
    [
      people.map((person) => person.user),
      people.map((person) => person.tz),
      people.map((person) => person.day),
      offset,
    ],
  );
  return new Set(rows.map((row) => row.id));
}

const claim = (sql: SqlClient, people: readonly Person[], kind: ReminderKind) =>
  claimScheduledSends(
    sql,
    `${kind}-reminder`,
    people.map((person) => ({ user: person.user, period: person.day })),
  );

export interface ReminderRun {
  weighIn: number;
  streak: number;
}

/**
 * Pushes the reminders due at `now`: "log your weigh-in" from the person's chosen time on a day
 * without one, and "your streak is at risk" from 20:00 on a day with nothing logged after a day
 * with something, each at most two hours late and never in quiet hours. Several nodes may run it
 * at once: each reminder is claimed by one insert keyed by person, kind and day.
 */
export async function sendReminders(sql: SqlClient, now: Date = new Date()): Promise<ReminderRun> {
  const people = (await peopleWithReminders(sql, now)).filter(
    (person) => !person.quiet || !isQuietAt(person.time, { start: person.quietStart, end: person.quietEnd }),
  );
  const weighIn = people.filter((person) => person.weighIn && isReminderDue(person.weighInTime, person.time));
  const streak = people.filter((person) => person.streak && isReminderDue(STREAK_REMINDER_TIME, person.time));

  const weighedToday = await loggedOn(sql, weighIn, ['WeightEntry'], 0);
  const loggedToday = await loggedOn(sql, streak, Object.keys(LOGGED) as (keyof typeof LOGGED)[], 0);
  const atRisk = streak.filter((person) => !loggedToday.has(person.user));
  const loggedYesterday = await loggedOn(sql, atRisk, Object.keys(LOGGED) as (keyof typeof LOGGED)[], -1);

  const weighInClaimed = await claim(
    sql,
    weighIn.filter((person) => !weighedToday.has(person.user)),
    'weigh-in',
  );
  // One push a run: someone just reminded to weigh in keeps their streak reminder for a later run.
  const streakClaimed = await claim(
    sql,
    atRisk.filter((person) => loggedYesterday.has(person.user) && !weighInClaimed.has(person.user)),
    'streak',
  );
  const messages = new Map<string, PushText>();
  for (const user of weighInClaimed) messages.set(user, () => reminderMessage('weigh-in'));
  for (const user of streakClaimed) messages.set(user, () => reminderMessage('streak'));
  await pushToPeople(messages);
  return { weighIn: weighInClaimed.size, streak: streakClaimed.size };
}

/**
 * `sendReminders({ now? })`, for the master key only: what the server's own schedule runs,
 * callable by an operator (and the tests) at a chosen moment. Its claims are SQL only: without the
 * pool it is refused, as the server does not schedule it then.
 */
async function sendRemindersNow(request: CloudRequest<'sendReminders'>): Promise<ReminderRun> {
  const at = scheduledRunAt(request, 'reminders');
  const sql = sqlClient();
  if (!sql) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.sql.needed', { feature: 'sendReminders' });
  return sendReminders(sql, at);
}

export function registerReminderFunctions(): void {
  defineFunction('sendReminders', sendRemindersNow);
}
