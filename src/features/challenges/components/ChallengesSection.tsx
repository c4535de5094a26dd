import { Trophy } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { Popup } from '@/components/Popup';
import { addDays, localDay } from '@/domain/calendarDays';
import {
  CHALLENGE_METRICS,
  challengeProblem,
  challengeRoomKey,
  isChallengeMetric,
  MAX_CHALLENGE_DAYS,
  MAX_CHALLENGE_MEMBERS,
  MAX_CHALLENGE_TITLE,
  type ChallengeMetric,
  type ChallengeSummary,
  type Leaderboard,
} from '@/domain/challenges';
import type { PublicProfile } from '@/domain/friends';
import { PersonLabel } from '@/components/PersonLabel';
import { useT, type MessageId, type Translator } from '@/i18n';
import { T } from '@/i18n/T';
import { formatDate } from '@/i18n/dates';
import { errorSentence, problemAt, toUiError, type FormFieldNames, type UiError } from '@/lib/errors';
import { FieldError } from '@/components/FieldError';
import { FormField } from '@/components/FormField';
import { invalidProps } from '@/components/invalidProps';
import { browserTimeZone } from '@/lib/timeZone';
import { createChallenge, loadLeaderboard } from '../api';
import { ChallengeMembers } from './ChallengeMembers';
import { FormError } from '@/components/FormError';
import { refusalIn, type Refused } from '@/lib/routeActions';

/** What the page's action answers to a challenge's intent (`acceptChallenge`, `declineChallenge`, `leaveChallenge`). */
type ChallengeActionResult = { kind: 'done' } | Refused;

/** How often an open leaderboard asks again, so it moves as members log workouts. */
const BOARD_REFRESH_MS = 15_000;

/** The new-challenge form's fields, by the names the rules give them. */
type ChallengeField = 'title' | 'metric' | 'startDate' | 'endDate' | 'friendIds';

const CHALLENGE_FIELD_NAMES = {
  title: { field: 'title', label: 'challenges.form.name' },
  metric: { field: 'metric', label: 'challenges.form.metric' },
  startDate: { field: 'startDate', label: 'challenges.form.firstDay' },
  endDate: { field: 'endDate', label: 'challenges.form.lastDay' },
  friendIds: { field: 'friendIds', label: 'challenges.form.friendsField' },
} as const satisfies FormFieldNames<ChallengeField>;

/** What a challenge counts, as a label (a menu option, a column). */
const METRIC_NAMES: Readonly<Record<ChallengeMetric, MessageId>> = {
  activeMinutes: 'challenges.metric.activeMinutes',
  workouts: 'challenges.metric.workouts',
  distanceKm: 'challenges.metric.distanceKm',
  activeDays: 'challenges.metric.activeDays',
  loggingDays: 'challenges.metric.loggingDays',
};

/** What a challenge counts, inside a sentence ("… invites you to “Run”: active minutes, …"). */
const METRIC_IN_SENTENCE: Readonly<Record<ChallengeMetric, MessageId>> = {
  activeMinutes: 'challenges.metricInSentence.activeMinutes',
  workouts: 'challenges.metricInSentence.workouts',
  distanceKm: 'challenges.metricInSentence.distanceKm',
  activeDays: 'challenges.metricInSentence.activeDays',
  loggingDays: 'challenges.metricInSentence.loggingDays',
};

/** A member's value with its unit: "{value} km". */
const METRIC_VALUES: Readonly<Record<ChallengeMetric, MessageId>> = {
  activeMinutes: 'challenges.value.activeMinutes',
  workouts: 'challenges.value.workouts',
  distanceKm: 'challenges.value.distanceKm',
  activeDays: 'challenges.value.activeDays',
  loggingDays: 'challenges.value.loggingDays',
};

/** The leaderboard table's caption. */
const BOARD_CAPTIONS: Readonly<Record<ChallengeMetric, MessageId>> = {
  activeMinutes: 'challenges.board.captionActiveMinutes',
  workouts: 'challenges.board.captionWorkouts',
  distanceKm: 'challenges.board.captionDistanceKm',
  activeDays: 'challenges.board.captionActiveDays',
  loggingDays: 'challenges.board.captionLoggingDays',
};

const dayText = (day: string) => formatDate(new Date(`${day}T12:00:00`), 'd MMM');

function stateText(challenge: ChallengeSummary, t: Translator): string {
  if (challenge.state === 'upcoming')
    return t('challenges.state.upcoming', { date: dayText(challenge.startDate) });
  if (challenge.state === 'running')
    return t('challenges.state.running', { date: dayText(challenge.endDate) });
  return t('challenges.state.ended', { date: dayText(challenge.endDate) });
}

export interface ChallengesSectionProps {
  friends: readonly PublicProfile[];
  /** The person's challenges, as the page's loader read them (with the rest of the page, offline too). */
  challenges: readonly ChallengeSummary[];
  /** The challenge whose leaderboard is open (the page's `?challenge=`), if any. */
  boardId: string | null;
  onShowBoard: (challengeId: string | null) => void;
}

/**
 * The person's challenges on the friends page: invitations to answer, the ones they take part in
 * with a leaderboard and a chat room each, and a window to start one with friends. Answers and
 * leaving go through the page's action; the page's data then reloads.
 */
export function ChallengesSection({ friends, challenges, boardId, onShowBoard }: ChallengesSectionProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const [creating, setCreating] = useState(false);
  const headingId = useId();

  const invitations = challenges.filter((challenge) => challenge.myStatus === 'invited');
  const mine = challenges.filter((challenge) => challenge.myStatus === 'accepted');
  // A challenge left (or gone) closes its leaderboard once the page's data says so.
  const board = mine.find((challenge) => challenge.id === boardId) ?? null;
  return (
    <section className="card challenges" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>{t('challenges.section.title')}</h2>
        <button
          type="button"
          className="button-primary"
          disabled={friends.length === 0}
          onClick={() => setCreating(true)}
        >
          {t('challenges.section.new')}
        </button>
      </div>
      {friends.length === 0 ? <p className="field-hint">{t('challenges.section.noFriends')}</p> : null}
      {invitations.length > 0 ? (
        <ul className="challenge-list" aria-label={t('challenges.section.invitations')}>
          {invitations.map((challenge) => (
            <InvitationItem key={challenge.id} challenge={challenge} />
          ))}
        </ul>
      ) : null}
      {mine.length === 0 && invitations.length === 0 ? (
        <p className="empty-note">{t('challenges.section.empty')}</p>
      ) : null}
      {mine.length > 0 ? (
        <ul className="challenge-list" aria-label={t('challenges.section.mine')}>
          {mine.map((challenge) => (
            <li key={challenge.id}>
              <p>
                <strong>{challenge.title}</strong> · {t(METRIC_NAMES[challenge.metric])} ·{' '}
                {stateText(challenge, t)} · {t('challenges.section.members', { count: challenge.accepted })}
              </p>
              <ChallengeMembers challenge={challenge} />
              <div className="form-actions">
                <button type="button" className="button-secondary" onClick={() => onShowBoard(challenge.id)}>
                  {t('challenges.section.leaderboard', { title: challenge.title })}
                </button>
                <Link to={`/exercises-chat?room=${challengeRoomKey(challenge.id)}`}>
                  {t('challenges.section.chatRoom')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <NewChallengeWindow
        open={creating}
        friends={friends}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void revalidator.revalidate();
        }}
      />
      <LeaderboardWindow challenge={board} onClose={() => onShowBoard(null)} />
    </section>
  );
}

/** An invitation to a challenge, accepted or declined through the page's action. */
function InvitationItem({ challenge }: { challenge: ChallengeSummary }) {
  const t = useT();
  const fetcher = useFetcher<ChallengeActionResult>();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
  return (
    <li>
      <p>
        <T
          id="challenges.section.invitation"
          values={{
            creator: challenge.creator || t('challenges.section.someone'),
            title: challenge.title,
            metric: t(METRIC_IN_SENTENCE[challenge.metric]),
            start: dayText(challenge.startDate),
            end: dayText(challenge.endDate),
          }}
          components={{ 0: <strong /> }}
        />
      </p>
      <ChallengeMembers challenge={challenge} />
      <fetcher.Form method="post" className="form-actions" aria-busy={busy}>
        <input type="hidden" name="challengeId" value={challenge.id} />
        <button
          type="submit"
          name="intent"
          value="acceptChallenge"
          className="button-primary"
          disabled={busy}
        >
          {t('challenges.section.accept', { title: challenge.title })}
        </button>
        <button
          type="submit"
          name="intent"
          value="declineChallenge"
          className="button-secondary"
          disabled={busy}
        >
          {t('challenges.section.decline')}
        </button>
      </fetcher.Form>
      <FormError>{error}</FormError>
    </li>
  );
}

function NewChallengeWindow({
  open,
  friends,
  onClose,
  onCreated,
}: {
  open: boolean;
  friends: readonly PublicProfile[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useT();
  const today = localDay(new Date(), browserTimeZone() ?? 'UTC');
  const [title, setTitle] = useState('');
  const [metric, setMetric] = useState<string>('activeMinutes');
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(addDays(today, 7));
  const [invited, setInvited] = useState<Set<string>>(new Set());
  const [refusal, setRefusal] = useState<UiError<ChallengeField> | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  // The refusal at its field, or the form's when it names none of them.
  const errorOf = (field: ChallengeField) => (refusal?.field === field ? refusal.sentence : undefined);
  const formError = refusal?.field === null ? refusal.sentence : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = challengeProblem({ title, metric, startDate, endDate }, today);
    if (problem) {
      setRefusal(problemAt(problem, CHALLENGE_FIELD_NAMES, problem.message));
      return;
    }
    if (invited.size === 0 || !isChallengeMetric(metric)) {
      setRefusal(
        invited.size === 0
          ? { field: 'friendIds', sentence: t('challenges.form.chooseFriend') }
          : { field: 'metric', sentence: t('challenges.form.chooseMetric') },
      );
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await createChallenge({ title: title.trim(), metric, startDate, endDate, friendIds: [...invited] });
      setTitle('');
      setInvited(new Set());
      onCreated();
    } catch (failure) {
      setRefusal(toUiError(failure, CHALLENGE_FIELD_NAMES));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup open={open} title={t('challenges.form.title')} onClose={onClose}>
      <form className="challenge-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t('challenges.form.name')}
          name="title"
          value={title}
          maxLength={MAX_CHALLENGE_TITLE}
          required
          error={errorOf('title')}
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="form-field">
          <label htmlFor={`${ids}-metric`}>{t('challenges.form.metric')}</label>
          <select
            id={`${ids}-metric`}
            value={metric}
            {...invalidProps(`${ids}-metric-error`, errorOf('metric'))}
            onChange={(event) => setMetric(event.target.value)}
          >
            {CHALLENGE_METRICS.map((choice) => (
              <option key={choice} value={choice}>
                {t(METRIC_NAMES[choice])}
              </option>
            ))}
          </select>
          <FieldError id={`${ids}-metric-error`}>{errorOf('metric')}</FieldError>
        </div>
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={`${ids}-start`}>{t('challenges.form.firstDay')}</label>
            <input
              id={`${ids}-start`}
              type="date"
              min={today}
              value={startDate}
              {...invalidProps(`${ids}-start-error`, errorOf('startDate'))}
              onChange={(event) => setStartDate(event.target.value)}
            />
            <FieldError id={`${ids}-start-error`}>{errorOf('startDate')}</FieldError>
          </div>
          <div className="form-field">
            <label htmlFor={`${ids}-end`}>{t('challenges.form.lastDay')}</label>
            <input
              id={`${ids}-end`}
              type="date"
              min={startDate ? addDays(startDate, 1) : today}
              max={startDate ? addDays(startDate, MAX_CHALLENGE_DAYS) : undefined}
              value={endDate}
              {...invalidProps(`${ids}-end-error`, errorOf('endDate'))}
              onChange={(event) => setEndDate(event.target.value)}
            />
            <FieldError id={`${ids}-end-error`}>{errorOf('endDate')}</FieldError>
          </div>
        </div>
        <fieldset
          className="form-field"
          aria-describedby={errorOf('friendIds') ? `${ids}-friends-error` : undefined}
        >
          <legend>{t('challenges.form.friends', { count: MAX_CHALLENGE_MEMBERS - 1 })}</legend>
          <ul className="challenge-friends">
            {friends.map((friend) => (
              <li key={friend.userId}>
                <label className="check-option">
                  <input
                    type="checkbox"
                    checked={invited.has(friend.userId)}
                    disabled={!invited.has(friend.userId) && invited.size >= MAX_CHALLENGE_MEMBERS - 1}
                    onChange={(event) => {
                      const next = new Set(invited);
                      if (event.target.checked) next.add(friend.userId);
                      else next.delete(friend.userId);
                      setInvited(next);
                    }}
                  />
                  <PersonLabel person={friend} />
                </label>
              </li>
            ))}
          </ul>
          <FieldError id={`${ids}-friends-error`}>{errorOf('friendIds')}</FieldError>
        </fieldset>
        <FormError>{formError}</FormError>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {t('challenges.form.start')}
          </button>
        </div>
      </form>
    </Popup>
  );
}

function LeaderboardWindow({
  challenge,
  onClose,
}: {
  challenge: ChallengeSummary | null;
  onClose: () => void;
}) {
  const t = useT();
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [loadError, setError] = useState('');
  // Leaving goes through the page's action; the window closes when the page's data no longer lists it.
  const leave = useFetcher<ChallengeActionResult>();
  const leaving = leave.state !== 'idle';
  const error = (leave.state === 'idle' ? refusalIn(leave.data)?.formError : undefined) ?? loadError;
  const id = challenge?.id;

  useEffect(() => {
    if (!id) return;
    let current = true;
    const load = () =>
      loadLeaderboard(id).then(
        (answer) => {
          if (current) {
            setBoard(answer);
            setError('');
          }
        },
        (failure: unknown) => {
          if (current) setError(errorSentence(failure));
        },
      );
    void load();
    const timer = window.setInterval(() => void load(), BOARD_REFRESH_MS);
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => {
      current = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      setBoard(null);
    };
  }, [id]);

  const winners = board ? board.rows.filter((row) => board.winners.includes(row.userId)) : [];
  return (
    <Popup
      open={challenge !== null}
      title={
        challenge ? t('challenges.board.titleOf', { title: challenge.title }) : t('challenges.board.title')
      }
      onClose={onClose}
    >
      {challenge ? (
        <div className="challenge-board">
          <p className="field-hint">
            {t('challenges.board.about', {
              metric: t(METRIC_NAMES[challenge.metric]),
              start: dayText(challenge.startDate),
              end: dayText(challenge.endDate),
              state: stateText(challenge, t),
            })}
          </p>
          {board?.challenge.state === 'ended' ? (
            <p className="challenge-result" role="status">
              {winners.length > 0 ? (
                <>
                  <Trophy className="icon icon-trophy icon-lead" />
                  {t('challenges.board.won', {
                    count: winners.length,
                    names: winners
                      .map((row) => row.displayName)
                      .reduce((first, second) => t('challenges.board.namesAnd', { first, second })),
                  })}
                </>
              ) : (
                t('challenges.board.noWinner')
              )}
            </p>
          ) : null}
          {board ? (
            <table className="challenge-table">
              <caption className="visually-hidden">{t(BOARD_CAPTIONS[challenge.metric])}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('challenges.board.rank')}</th>
                  <th scope="col">{t('challenges.board.member')}</th>
                  <th scope="col">{t(METRIC_NAMES[challenge.metric])}</th>
                </tr>
              </thead>
              <tbody>
                {board.rows.map((row) => (
                  <tr key={row.userId} aria-current={row.me ? 'true' : undefined}>
                    <td>{row.rank ?? '–'}</td>
                    <th scope="row">
                      <PersonLabel person={row}>
                        {row.me ? (
                          <span className="visually-hidden"> {t('challenges.board.you')}</span>
                        ) : null}
                      </PersonLabel>
                    </th>
                    <td>
                      {row.value === null
                        ? t('challenges.board.notShared')
                        : t(METRIC_VALUES[challenge.metric], { value: row.value })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : error ? null : (
            <p className="empty-note">{t('challenges.board.loading')}</p>
          )}
          <FormError>{error}</FormError>
          <div className="form-actions">
            <Link to={`/exercises-chat?room=${challengeRoomKey(challenge.id)}`}>
              {t('challenges.board.chatRoom')}
            </Link>
            {challenge.state !== 'ended' ? (
              <leave.Form method="post" aria-busy={leaving}>
                <input type="hidden" name="challengeId" value={challenge.id} />
                <button
                  type="submit"
                  name="intent"
                  value="leaveChallenge"
                  className="button-secondary"
                  disabled={leaving}
                >
                  {t('challenges.board.leave')}
                </button>
              </leave.Form>
            ) : null}
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
