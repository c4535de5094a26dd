import { useMemo, useState } from 'react';
import {
  Navigate,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import { StaleNotice } from '@/components/StaleNotice';
import {
  RANKING_METRICS,
  RANKING_PERIODS,
  SEARCH_MIN_LENGTH,
  type Friendships,
  type Ranking,
  type RankingMetric,
  type RankingPeriod,
} from '@/domain/friends';
import {
  addComment,
  BlockedList,
  deleteComment,
  editComment,
  FeedCard,
  FriendList,
  FriendRequests,
  FriendSearch,
  RankingBoard,
  SharedWorkoutWindow,
  WorkoutSocial,
  blockUser,
  listFriendships,
  loadFeed,
  loadRanking,
  loadMyUnits,
  loadWorkoutSocial,
  removeFriend,
  respondFriendRequest,
  searchUsers,
  sendFriendRequest,
  setKudos,
  type FeedMoreData,
  type FeedState,
  type FriendActionResult,
  type RankingChoice,
  type SearchAnswer,
  type SearchData,
  type SocialData,
} from '@/features/friends';
import type { ChallengeSummary } from '@/domain/challenges';
import type { MutedUser } from '@/domain/moderation';
import type { SocialComment } from '@/domain/social';
import type { Units } from '@/domain/units';
import { ModerationMenu, MutedList, loadMutedUsers, muteUser, unmuteUser } from '@/features/moderation';
import { ChallengesSection, leaveChallenge, listChallenges, respondChallenge } from '@/features/challenges';
import { t, useT } from '@/i18n';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { loadFailure, requireSignedIn } from '../guards';
import { isObjectId, requireValidSearch } from '../validity';
import { refusedByServer, runIntent, type Intents } from '@/lib/routeActions';
import { formText } from '@/lib/formValues';
import '@/features/friends/components/feed.css';

const isMetric = (value: string): value is RankingMetric =>
  (RANKING_METRICS as readonly string[]).includes(value);
const isPeriod = (value: string): value is RankingPeriod =>
  (RANKING_PERIODS as readonly string[]).includes(value);

const DEFAULT_CHOICE: RankingChoice = { metric: 'activeMinutes', period: 'week' };

function choiceIn(params: URLSearchParams): RankingChoice {
  const metric = params.get('metric') ?? '';
  const period = params.get('period') ?? '';
  return {
    metric: isMetric(metric) ? metric : DEFAULT_CHOICE.metric,
    period: isPeriod(period) ? period : DEFAULT_CHOICE.period,
  };
}

type PageData =
  | {
      ranking: Ranking;
      friendships: Friendships;
      challenges: ChallengeSummary[];
      feed: FeedState;
      /** The people this person muted (an extra: empty when it cannot be had). */
      muted: MutedUser[];
      /** The reader's units, for a friend's workout (metric when they cannot be had). */
      units: Units;
      savedAt: string | null;
      loadError: null;
    }
  | {
      ranking: null;
      friendships: null;
      challenges: null;
      feed: null;
      muted: null;
      units: null;
      savedAt: null;
      loadError: string;
    };

type LoaderData = PageData | SearchData | FeedMoreData | SocialData;

const isMoment = (value: string) => !Number.isNaN(Date.parse(value));

/** The feed's first page, or the copy this device kept when offline; its failure is the feed's alone. */
async function firstFeedPage(request: Request): Promise<FeedState> {
  try {
    const loaded = await loadOrLastLoaded('friends:feed', () => loadFeed());
    return { page: loaded.data, savedAt: loaded.savedAt, error: null };
  } catch (error) {
    return { page: null, savedAt: null, error: loadFailure(request, error) };
  }
}

async function findPeople(request: Request, text: string): Promise<SearchAnswer> {
  const query = text.trim();
  if (Array.from(query).length < SEARCH_MIN_LENGTH) {
    return { query, results: [], error: t('friends.page.searchTooShort', { count: SEARCH_MIN_LENGTH }) };
  }
  try {
    return { query, results: await searchUsers(query), error: null };
  } catch (error) {
    return { query, results: [], error: loadFailure(request, error) };
  }
}

/** The page's address without the open leaderboard (`?challenge=`), which needs no new data. */
function withoutBoard(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('challenge');
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/** Opening or closing a challenge's leaderboard changes the address only: the page's data stays. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const boardOnly =
    formMethod === undefined &&
    currentUrl.search !== nextUrl.search &&
    withoutBoard(currentUrl) === withoutBoard(nextUrl);
  return boardOnly ? false : defaultShouldRevalidate;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const params = requireValidSearch(request, {
    metric: isMetric,
    period: isPeriod,
    challenge: isObjectId,
    workout: isObjectId,
    feedBefore: isMoment,
    social: isObjectId,
  });
  await requireSignedIn(request);
  const q = params.get('q');
  if (q !== null) return { search: await findPeople(request, q) };
  // "Show more" in the feed, and a workout's kudos and comments: fetchers, never a navigation.
  const before = params.get('feedBefore');
  if (before !== null) {
    try {
      return { feedMore: { before, page: await loadFeed(before), error: null } };
    } catch (error) {
      return { feedMore: { before, page: null, error: loadFailure(request, error) } };
    }
  }
  const activityId = params.get('social');
  if (activityId !== null) {
    try {
      return { social: { activityId, view: await loadWorkoutSocial(activityId), error: null } };
    } catch (error) {
      return { social: { activityId, view: null, error: loadFailure(request, error) } };
    }
  }
  try {
    const choice = choiceIn(params);
    const [loaded, feed, muted, units] = await Promise.all([
      loadOrLastLoaded(`friends:${choice.metric}:${choice.period}`, () =>
        Promise.all([loadRanking(choice), listFriendships(), listChallenges()]),
      ),
      firstFeedPage(request),
      loadMutedUsers().catch(() => []),
      loadMyUnits().catch((): Units => 'metric'),
    ]);
    const [ranking, friendships, challenges] = loaded.data;
    return {
      ranking,
      friendships,
      challenges,
      feed,
      muted,
      units,
      savedAt: loaded.savedAt,
      loadError: null,
    };
  } catch (error) {
    return {
      ranking: null,
      friendships: null,
      challenges: null,
      feed: null,
      muted: null,
      units: null,
      savedAt: null,
      loadError: loadFailure(request, error),
    };
  }
}

/** An intent that does `act` with the form and answers that it is done. */
const done =
  (act: (form: FormData) => Promise<unknown>) =>
  async (form: FormData): Promise<FriendActionResult> => {
    await act(form);
    return { kind: 'done' };
  };

/** The friends page's actions, by the form's intent. */
const INTENTS = {
  request: done((form) => sendFriendRequest(formText(form, 'username'))),
  accept: done((form) => respondFriendRequest(formText(form, 'friendshipId'), true)),
  decline: done((form) => respondFriendRequest(formText(form, 'friendshipId'), false)),
  remove: done((form) => removeFriend(formText(form, 'userId'))),
  unblock: done((form) => removeFriend(formText(form, 'userId'))),
  block: done((form) => blockUser(formText(form, 'userId'))),
  acceptChallenge: done((form) => respondChallenge(formText(form, 'challengeId'), true)),
  declineChallenge: done((form) => respondChallenge(formText(form, 'challengeId'), false)),
  leaveChallenge: done((form) => leaveChallenge(formText(form, 'challengeId'))),
  giveKudos: (form) => kudos(form, true),
  removeKudos: (form) => kudos(form, false),
  addComment: done((form) => addComment(formText(form, 'activityId'), formText(form, 'text'))),
  editComment: done((form) => editComment(formText(form, 'commentId'), formText(form, 'text'))),
  deleteComment: done((form) => deleteComment(formText(form, 'commentId'))),
  mute: done((form) => muteUser(formText(form, 'userId'))),
  unmute: done((form) => unmuteUser(formText(form, 'userId'))),
} satisfies Intents<FriendActionResult>;

async function kudos(form: FormData, give: boolean): Promise<FriendActionResult> {
  const activityId = formText(form, 'activityId');
  return { kind: 'kudos', activityId, ...(await setKudos(activityId, give)) };
}

export async function action({ request }: ActionFunctionArgs): Promise<FriendActionResult> {
  // A comment's refusal is shown at its text; any other as the form's sentence.
  return runIntent<FriendActionResult>(await request.formData(), INTENTS, (error) =>
    refusedByServer(error, ['text']),
  );
}

export function Component() {
  const t = useT();
  const data = useLoaderData<LoaderData>();
  // The search answers a fetcher; an address with ?q= typed by hand shows the page without it.
  if (!('loadError' in data)) return <Navigate to="." replace />;
  if (!data.ranking) {
    return (
      <PageLoadFailure
        title={t('friends.page.title')}
        sentence={t('friends.page.loadFailed')}
        reason={data.loadError}
      />
    );
  }
  return (
    <FriendsPage
      ranking={data.ranking}
      friendships={data.friendships}
      challenges={data.challenges}
      feed={data.feed}
      muted={data.muted}
      units={data.units}
      savedAt={data.savedAt}
    />
  );
}

interface FriendsPageProps {
  ranking: Ranking;
  friendships: Friendships;
  challenges: readonly ChallengeSummary[];
  feed: FeedState;
  muted: readonly MutedUser[];
  units: Units;
  savedAt: string | null;
}

function FriendsPage({ ranking, friendships, challenges, feed, muted, units, savedAt }: FriendsPageProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  // While another ranking loads, the controls already show what was chosen: from the click on
  // (a controlled radio would otherwise flip back until the navigation state arrives), then from
  // the navigation itself, until the new ranking replaces this one.
  const [chosen, setChosen] = useState<{ choice: RankingChoice; over: Ranking } | null>(null);
  const pending =
    navigation.location?.pathname === location.pathname
      ? choiceIn(new URLSearchParams(navigation.location.search))
      : chosen?.over === ranking
        ? chosen.choice
        : null;
  const mutedIds = useMemo(() => new Set(muted.map((person) => person.userId)), [muted]);
  const incomingRequests = useMemo(
    () => new Map(friendships.incoming.map((request) => [request.userId, request.friendshipId])),
    [friendships.incoming],
  );

  const choose = ({ metric, period }: RankingChoice) => {
    setChosen({ choice: { metric, period }, over: ranking });
    const next = new URLSearchParams(params);
    next.set('metric', metric);
    next.set('period', period);
    setParams(next);
  };

  // A friend's shared workout, opened by its address (`?workout=<id>`), e.g. from the feed.
  const openWorkout = (activityId: string) => {
    const next = new URLSearchParams(params);
    next.set('workout', activityId);
    setParams(next, { preventScrollReset: true });
  };
  const closeWorkout = () => {
    const next = new URLSearchParams(params);
    next.delete('workout');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const showBoard = (challengeId: string | null) => {
    const next = new URLSearchParams(params);
    if (challengeId) next.set('challenge', challengeId);
    else next.delete('challenge');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const commentMenu = (comment: SocialComment) => {
    const name = comment.author.displayName;
    return (
      <ModerationMenu
        label={t('friends.social.commentMenu', { name })}
        userId={comment.author.userId}
        muted={mutedIds.has(comment.author.userId)}
        report={{ kind: 'comment', id: comment.commentId, name }}
      />
    );
  };

  return (
    <PageFrame title={t('friends.page.title')} intro={t('friends.page.intro')}>
      <StaleNotice savedAt={savedAt} />
      <div className="friends-layout">
        <div className="friends-people">
          <FriendSearch incomingRequests={incomingRequests} />
          <FriendRequests incoming={friendships.incoming} outgoing={friendships.outgoing} />
          <FriendList
            friends={friendships.friends}
            personMenu={(friend) => {
              const name = friend.displayName;
              return (
                <ModerationMenu
                  label={t('friends.list.more', { name })}
                  userId={friend.userId}
                  muted={mutedIds.has(friend.userId)}
                  report={{ kind: 'user', id: friend.userId, name }}
                />
              );
            }}
          />
          <BlockedList blocked={friendships.blocked} />
          <MutedList muted={muted} />
        </div>
        <div className="friends-compete">
          <FeedCard feed={feed} onOpen={openWorkout} commentMenu={commentMenu} units={units} />
          <RankingBoard
            ranking={ranking}
            choice={pending ?? { metric: ranking.metric, period: ranking.period }}
            onChoose={choose}
            busy={pending !== null}
            hasFriends={friendships.friends.length > 0}
          />
          <ChallengesSection
            friends={friendships.friends}
            challenges={challenges}
            boardId={params.get('challenge')}
            onShowBoard={showBoard}
          />
        </div>
      </div>
      <SharedWorkoutWindow activityId={params.get('workout')} onClose={closeWorkout} units={units}>
        {(workout) => (
          <>
            <WorkoutSocial activityId={workout.activityId} commentMenu={commentMenu} />
            {workout.mine ? null : (
              <ModerationMenu
                label={t('friends.list.more', { name: workout.owner.displayName })}
                userId={workout.owner.userId}
                muted={mutedIds.has(workout.owner.userId)}
                report={{
                  kind: 'activity',
                  id: workout.activityId,
                  name: workout.owner.displayName,
                }}
              />
            )}
          </>
        )}
      </SharedWorkoutWindow>
    </PageFrame>
  );
}
