import { format } from 'date-fns';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Popup } from '@/components/Popup';
import { addDays, localDay } from '@/domain/calendarDays';
import {
  CHALLENGE_METRIC_LABELS,
  CHALLENGE_METRICS,
  challengeProblem,
  challengeRoomKey,
  isChallengeMetric,
  MAX_CHALLENGE_DAYS,
  MAX_CHALLENGE_MEMBERS,
  type ChallengeSummary,
  type Leaderboard,
} from '@/domain/challenges';
import type { PublicProfile } from '@/domain/friends';
import { PersonLabel } from '@/features/friends/components/Person';
import { errorSentence } from '@/lib/errors';
import { browserTimeZone } from '@/lib/timeZone';
import { createChallenge, leaveChallenge, listChallenges, loadLeaderboard, respondChallenge } from '../api';

/** How often an open leaderboard asks again, so it moves as members log workouts. */
const BOARD_REFRESH_MS = 15_000;

const dayText = (day: string) => format(new Date(`${day}T12:00:00`), 'd MMM');

function stateText(challenge: ChallengeSummary): string {
  if (challenge.state === 'upcoming') return `Starts ${dayText(challenge.startDate)}`;
  if (challenge.state === 'running') return `Until ${dayText(challenge.endDate)}`;
  return `Ended ${dayText(challenge.endDate)}`;
}

/**
 * The person's challenges on the friends page: invitations to answer, the ones they take part in
 * with a leaderboard and a chat room each, and a window to start one with friends.
 */
export function ChallengesSection({ friends }: { friends: readonly PublicProfile[] }) {
  const [challenges, setChallenges] = useState<ChallengeSummary[] | null>(null);
  const [error, setError] = useState('');
  const [creating, setCreating] = useState(false);
  const [board, setBoard] = useState<ChallengeSummary | null>(null);
  const headingId = useId();

  // Only the newest load's answer is shown: an older one may arrive later and be out of date.
  const latest = useRef(0);
  const reload = useCallback(() => {
    const load = ++latest.current;
    return listChallenges().then(
      (loaded) => {
        if (load === latest.current) setChallenges(loaded);
      },
      (failure: unknown) => {
        if (load === latest.current) setError(errorSentence(failure));
      },
    );
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const respond = async (challenge: ChallengeSummary, accept: boolean) => {
    setError('');
    try {
      await respondChallenge(challenge.id, accept);
      await reload();
    } catch (failure) {
      setError(errorSentence(failure));
    }
  };

  const invitations = (challenges ?? []).filter((challenge) => challenge.myStatus === 'invited');
  const mine = (challenges ?? []).filter((challenge) => challenge.myStatus === 'accepted');
  return (
    <section className="card challenges" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>Challenges</h2>
        <button
          type="button"
          className="button-primary"
          disabled={friends.length === 0}
          onClick={() => setCreating(true)}
        >
          New challenge
        </button>
      </div>
      {friends.length === 0 ? <p className="field-hint">Add a friend to challenge them.</p> : null}
      {challenges === null && !error ? <p className="empty-note">Loading your challenges…</p> : null}
      {invitations.length > 0 ? (
        <ul className="challenge-list" aria-label="Invitations">
          {invitations.map((challenge) => (
            <li key={challenge.id}>
              <p>
                <strong>{challenge.creator || 'Someone'}</strong> invites you to “{challenge.title}”:{' '}
                {CHALLENGE_METRIC_LABELS[challenge.metric].label.toLowerCase()},{' '}
                {dayText(challenge.startDate)} to {dayText(challenge.endDate)}.
              </p>
              <div className="form-actions">
                <button
                  type="button"
                  className="button-primary"
                  onClick={() => void respond(challenge, true)}
                >
                  Accept “{challenge.title}”
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => void respond(challenge, false)}
                >
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {challenges !== null && mine.length === 0 && invitations.length === 0 ? (
        <p className="empty-note">No challenges yet. Start one and see who moves most.</p>
      ) : null}
      {mine.length > 0 ? (
        <ul className="challenge-list" aria-label="Your challenges">
          {mine.map((challenge) => (
            <li key={challenge.id}>
              <p>
                <strong>{challenge.title}</strong> · {CHALLENGE_METRIC_LABELS[challenge.metric].label} ·{' '}
                {stateText(challenge)} · {challenge.accepted} {challenge.accepted === 1 ? 'person' : 'people'}
              </p>
              <div className="form-actions">
                <button type="button" className="button-secondary" onClick={() => setBoard(challenge)}>
                  Leaderboard of “{challenge.title}”
                </button>
                <Link to={`/exercises-chat?room=${challengeRoomKey(challenge.id)}`}>Chat room</Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <NewChallengeWindow
        open={creating}
        friends={friends}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void reload();
        }}
      />
      <LeaderboardWindow
        challenge={board}
        onClose={() => setBoard(null)}
        onLeft={() => {
          setBoard(null);
          void reload();
        }}
      />
    </section>
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
  const today = localDay(new Date(), browserTimeZone() ?? 'UTC');
  const [title, setTitle] = useState('');
  const [metric, setMetric] = useState<string>('activeMinutes');
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(addDays(today, 7));
  const [invited, setInvited] = useState<Set<string>>(new Set());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      challengeProblem({ title, metric, startDate, endDate }, today) ??
      (invited.size === 0 ? 'Choose at least one friend to invite.' : null);
    if (problem || !isChallengeMetric(metric)) {
      setError(problem ?? 'Choose what to count.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await createChallenge({ title: title.trim(), metric, startDate, endDate, friendIds: [...invited] });
      setTitle('');
      setInvited(new Set());
      onCreated();
    } catch (failure) {
      setError(errorSentence(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup open={open} title="New challenge" onClose={onClose}>
      <form className="challenge-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={`${ids}-title`}>Title</label>
          <input
            id={`${ids}-title`}
            value={title}
            maxLength={80}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${ids}-metric`}>What counts</label>
          <select id={`${ids}-metric`} value={metric} onChange={(event) => setMetric(event.target.value)}>
            {CHALLENGE_METRICS.map((choice) => (
              <option key={choice} value={choice}>
                {CHALLENGE_METRIC_LABELS[choice].label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={`${ids}-start`}>First day</label>
            <input
              id={`${ids}-start`}
              type="date"
              min={today}
              value={startDate}
              onChange={(event) => setStartDate(event.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${ids}-end`}>Last day</label>
            <input
              id={`${ids}-end`}
              type="date"
              min={startDate ? addDays(startDate, 1) : today}
              max={startDate ? addDays(startDate, MAX_CHALLENGE_DAYS) : undefined}
              value={endDate}
              onChange={(event) => setEndDate(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="form-field">
          <legend>Friends to invite (up to {MAX_CHALLENGE_MEMBERS - 1})</legend>
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
        </fieldset>
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            Start the challenge
          </button>
        </div>
      </form>
    </Popup>
  );
}

function LeaderboardWindow({
  challenge,
  onClose,
  onLeft,
}: {
  challenge: ChallengeSummary | null;
  onClose: () => void;
  onLeft: () => void;
}) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState('');
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

  const unit = challenge ? CHALLENGE_METRIC_LABELS[challenge.metric].unit : '';
  const winners = board ? board.rows.filter((row) => board.winners.includes(row.userId)) : [];
  return (
    <Popup
      open={challenge !== null}
      title={challenge ? `Leaderboard: ${challenge.title}` : 'Leaderboard'}
      onClose={onClose}
    >
      {challenge ? (
        <div className="challenge-board">
          <p className="field-hint">
            {CHALLENGE_METRIC_LABELS[challenge.metric].label}, {dayText(challenge.startDate)} to{' '}
            {dayText(challenge.endDate)}. {stateText(challenge)}.
          </p>
          {board?.challenge.state === 'ended' ? (
            <p className="challenge-result" role="status">
              {winners.length > 0
                ? `🏆 ${winners.map((row) => row.displayName || row.username).join(' and ')} won.`
                : 'It ended without a winner: nobody logged anything that counts.'}
            </p>
          ) : null}
          {board ? (
            <table className="challenge-table">
              <caption className="visually-hidden">Members ranked by {unit}</caption>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Member</th>
                  <th scope="col">{CHALLENGE_METRIC_LABELS[challenge.metric].label}</th>
                </tr>
              </thead>
              <tbody>
                {board.rows.map((row) => (
                  <tr key={row.userId} aria-current={row.me ? 'true' : undefined}>
                    <td>{row.rank ?? '–'}</td>
                    <th scope="row">
                      <PersonLabel person={row}>
                        {row.me ? <span className="visually-hidden"> (you)</span> : null}
                      </PersonLabel>
                    </th>
                    <td>{row.value === null ? 'Not shared' : `${row.value} ${unit}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : error ? null : (
            <p className="empty-note">Loading the leaderboard…</p>
          )}
          {error ? (
            <p role="alert" className="form-error">
              {error}
            </p>
          ) : null}
          <div className="form-actions">
            <Link to={`/exercises-chat?room=${challengeRoomKey(challenge.id)}`}>Open its chat room</Link>
            {challenge.state !== 'ended' ? (
              <button
                type="button"
                className="button-secondary"
                onClick={() =>
                  void leaveChallenge(challenge.id).then(onLeft, (failure: unknown) =>
                    setError(errorSentence(failure)),
                  )
                }
              >
                Leave the challenge
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
