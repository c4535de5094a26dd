import { lazy, Suspense, useEffect, useState } from 'react';
import {
  redirect,
  useFetcher,
  useLoaderData,
  useRouteLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import { StaleNotice } from '@/components/StaleNotice';
import {
  ACTIVITY_FETCHER_KEY,
  ActivityCalendar,
  ActivityEditWindow,
  DayActivities,
  WeekSummary,
  WorkoutSummaryWindow,
  dateToDay,
  dateToMonth,
  deleteActivity,
  inputFromRow,
  loadActivitySummary,
  loadWorkoutDetail,
  parseActivityForm,
  parseActivityRow,
  saveActivity,
  withWaitingActivities,
  workoutDraft,
  type ActivityActionResult,
  type ActivityRow,
  type ActivitySummary,
  type DraftFields,
  ACTIVITY_FIELD_NAMES,
} from '@/features/activity';
import type { WorkoutDetail } from '@/domain/activity';
import type { ActivityType } from '@/domain/contract';
import { ErrorCode } from '@/domain/errors';
import type { SessionUser } from '@/features/auth';
import { DailySummary, loadDashboardSummary, type DashboardSummary } from '@/features/dashboard';
import { liftUnitFor, StrengthProgress } from '@/features/strength';
import { weightUnitFor } from '@/domain/units';
import { t, useT } from '@/i18n';
import { hasCode } from '@/lib/errors';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { waitingChanges } from '@/lib/offline/outbox';
import { loadFailure, requireSignedIn } from '../guards';
import { isObjectId, MONTH_AND_DATE_PARAMS, notFound, requireValidSearch } from '../validity';
import { useLogRequest } from '../logRequest';
import {
  refusalIn,
  refusedByServer,
  refusedFields,
  refusedWith,
  runIntent,
  type Intents,
} from '@/lib/routeActions';

// Training load and race predictions come with their own chunk, after the page's first screen.
const TrainingLoadCard = lazy(() =>
  import('@/features/insight').then((module) => ({ default: module.TrainingLoadCard })),
);
const RacePredictionsCard = lazy(() =>
  import('@/features/insight').then((module) => ({ default: module.RacePredictionsCard })),
);

type PageData =
  | { summary: ActivitySummary; daily: DashboardSummary; savedAt: string | null; loadError: null }
  | { summary: null; daily: null; savedAt: null; loadError: string };

/** The page, and what the server knows of the workout named by `?activity=`, opened in its summary. */
type LoaderData = PageData & { detail: WorkoutDetail | null };

/**
 * `?activity=<id>`: a workout's detail; a friend's the person may see goes to the friends page;
 * anything else is "not found" (the 404 page).
 * Without a network, the copy this device kept when it was last opened, else the page's row alone.
 */
async function detailFor(
  activityId: string | null,
): Promise<WorkoutDetail | 'not-found' | 'a-friends' | null> {
  if (activityId === null) return null;
  try {
    const answer = await loadOrLastLoaded(`workout:${activityId}`, () => loadWorkoutDetail(activityId));
    return 'shared' in answer.data ? 'a-friends' : answer.data;
  } catch (error) {
    return hasCode(error, ErrorCode.OBJECT_NOT_FOUND) ? 'not-found' : null;
  }
}

async function loadPage(request: Request, params: URLSearchParams): Promise<PageData> {
  const date = params.get('date') ?? undefined;
  try {
    const month = params.get('month') ?? undefined;
    const [loaded, waiting] = await Promise.all([
      loadOrLastLoaded(`activity:${month ?? ''}:${date ?? ''}`, () =>
        Promise.all([loadActivitySummary({ month, date }), loadDashboardSummary({ date })]),
      ),
      waitingChanges(),
    ]);
    const [summary, daily] = loaded.data;
    return {
      summary: withWaitingActivities(summary, waiting),
      daily,
      savedAt: loaded.savedAt,
      loadError: null,
    };
  } catch (error) {
    return { summary: null, daily: null, savedAt: null, loadError: loadFailure(request, error) };
  }
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const params = requireValidSearch(request, { ...MONTH_AND_DATE_PARAMS, activity: isObjectId });
  await requireSignedIn(request);
  const activityId = params.get('activity');
  const [page, detail] = await Promise.all([loadPage(request, params), detailFor(activityId)]);
  if (detail === 'not-found') throw notFound();
  // A friend's workout the person may see opens where friends' workouts do.
  if (detail === 'a-friends') throw redirect(`/friends-ranking?workout=${activityId ?? ''}`);
  return { ...page, detail };
}

/**
 * Closing a workout's summary takes only `?activity=` away: the page's data stays as it was. Opening
 * one, another day, or a write loads again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || nextUrl.searchParams.has('activity') || !currentUrl.searchParams.has('activity')) {
    return defaultShouldRevalidate;
  }
  const rest = new URLSearchParams(currentUrl.searchParams);
  rest.delete('activity');
  return rest.toString() === nextUrl.searchParams.toString() ? false : defaultShouldRevalidate;
}

/** The workout the form carries as JSON (to delete it, or to put it back); null when unreadable. */
function rowOf(form: FormData): ActivityRow | null {
  const field = form.get('row');
  return typeof field === 'string' ? parseActivityRow(field) : null;
}

/** The start page's actions on workouts, by the form's intent. */
const INTENTS = {
  save: async (form) => {
    const parsed = parseActivityForm(form, form.get('units') === 'imperial' ? 'imperial' : 'metric');
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    const id = form.get('id');
    await saveActivity(parsed.input, typeof id === 'string' && id ? id : undefined);
    return { kind: 'saved', day: dateToDay(parsed.input.startedAt) };
  },
  delete: async (form) => {
    const row = rowOf(form);
    if (!row) return refusedWith(t('dashboard.page.workoutUnreadable'));
    await deleteActivity(row.id);
    return { kind: 'deleted', row };
  },
  restore: async (form) => {
    const row = rowOf(form);
    if (!row) return refusedWith(t('dashboard.page.workoutUnreadable'));
    await saveActivity(inputFromRow(row));
    return { kind: 'restored' };
  },
} satisfies Intents<ActivityActionResult>;

export async function action({ request }: ActionFunctionArgs): Promise<ActivityActionResult> {
  return runIntent<ActivityActionResult>(await request.formData(), INTENTS, (error) =>
    refusedByServer(error, ACTIVITY_FIELD_NAMES),
  );
}

type Editing = { activity: ActivityRow | null; draft?: DraftFields; newType?: ActivityType } | null;

const UNDO_MS = 8000;

export function Component() {
  const t = useT();
  const { summary, daily, savedAt, loadError, detail } = useLoaderData<LoaderData>();
  if (!summary) {
    return (
      <PageLoadFailure
        title={t('dashboard.page.title')}
        sentence={t('dashboard.page.loadFailed')}
        reason={loadError}
      />
    );
  }
  return <ActivityPage summary={summary} daily={daily} savedAt={savedAt} detail={detail} />;
}

interface ActivityPageProps {
  summary: ActivitySummary;
  daily: DashboardSummary;
  savedAt: string | null;
  detail: WorkoutDetail | null;
}

function ActivityPage({ summary, daily, savedAt, detail }: ActivityPageProps) {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const account = useRouteLoaderData<SessionUser | null>('app')?.id;
  // A new workout that was being logged when the page went away opens again, as it was.
  const [editing, setEditing] = useState<Editing>(() => {
    const draft = account ? workoutDraft(account) : null;
    return draft ? { activity: null, draft } : null;
  });
  const editFetcher = useFetcher<ActivityActionResult>({ key: ACTIVITY_FETCHER_KEY });
  const undoFetcher = useFetcher<ActivityActionResult>();
  const undoRefusal = refusalIn(undoFetcher.data);
  const deleted = editFetcher.data?.kind === 'deleted' ? editFetcher.data.row : undefined;
  const [dismissed, setDismissed] = useState<ActivityRow | undefined>();
  const showUndo = deleted !== undefined && deleted !== dismissed;
  const savedDay =
    editFetcher.state === 'idle' && editFetcher.data?.kind === 'saved' ? editFetcher.data.day : undefined;

  useEffect(() => {
    if (!showUndo) return;
    const timer = setTimeout(() => setDismissed(deleted), UNDO_MS);
    return () => clearTimeout(timer);
  }, [showUndo, deleted]);

  useEffect(() => {
    // A workout saved on another day: show that day, so the person sees what they logged.
    if (savedDay && savedDay !== summary.date) {
      setSearchParams({ month: savedDay.slice(0, 7), date: savedDay });
    }
  }, [savedDay, summary.date, setSearchParams]);

  useLogRequest('workout', () => setEditing({ activity: null }));
  useLogRequest('strength', () => setEditing({ activity: null, newType: 'strength' }));

  // The summary of `?activity=`: the day's row (with this device's waiting changes), else the server's.
  const openId = searchParams.get('activity');
  // Edit and Delete close the summary at once, before the address follows, so the focus goes back
  // to the workout's row and from there into the edit window.
  const [closedId, setClosedId] = useState<string | null>(null);
  const viewing =
    openId === null || openId === closedId
      ? null
      : (summary.dayActivities.find((row) => row.id === openId) ??
        (detail?.activity.id === openId ? detail.activity : null));
  const closeSummary = () => {
    setClosedId(openId);
    void setSearchParams((current) => {
      current.delete('activity');
      return current;
    });
  };
  // A workout not yet on the server has nothing more to show than its form: it opens to edit.
  const openWorkout = (activity: ActivityRow) => {
    if (activity.sync !== undefined || !isObjectId(activity.id)) {
      setEditing({ activity });
      return;
    }
    setClosedId(null);
    void setSearchParams((current) => {
      current.set('activity', activity.id);
      return current;
    });
  };

  const selectDay = (date: Date) => setSearchParams({ month: dateToMonth(date), date: dateToDay(date) });

  return (
    <PageFrame
      title={t('dashboard.page.title')}
      actions={
        <button type="button" className="button-primary" onClick={() => setEditing({ activity: null })}>
          {t('activity.day.logWorkout')}
        </button>
      }
    >
      <StaleNotice savedAt={savedAt} />
      <div className="activity-layout">
        <DailySummary summary={daily} />
        <WeekSummary
          thisWeek={summary.thisWeek}
          weeks={summary.weeks}
          weeklyGoalMin={summary.weeklyGoalMin}
          streaks={summary.streaks}
        />
        <Suspense fallback={null}>
          <TrainingLoadCard revision={summary} />
          <RacePredictionsCard revision={summary} />
        </Suspense>
        <section className="card" aria-labelledby="calendar-heading">
          <h2 id="calendar-heading">{t('dashboard.page.calendarHeading')}</h2>
          <ActivityCalendar
            month={summary.month}
            selected={summary.date}
            today={summary.today}
            days={summary.days}
            weekStartsOn={summary.weekStartsOn}
            onSelectDay={selectDay}
            onMonthChange={(month) => setSearchParams({ month: dateToMonth(month), date: summary.date })}
          />
        </section>
        <DayActivities
          day={summary.date}
          today={summary.today}
          activities={summary.dayActivities}
          units={summary.units}
          onOpen={openWorkout}
        />
        <StrengthProgress
          unit={liftUnitFor(weightUnitFor(summary.units))}
          revision={summary}
          weekMuscleSets={summary.weekMuscleSets}
        />
      </div>
      {/* Before the edit window: closing the summary returns the focus before Edit takes it. */}
      <WorkoutSummaryWindow
        activity={viewing}
        detail={detail}
        units={summary.units}
        knownExercises={summary.dayExercises ?? []}
        onClose={closeSummary}
        onEdit={(activity) => {
          closeSummary();
          setEditing({ activity });
        }}
        onDelete={(activity) => {
          closeSummary();
          void editFetcher.submit({ intent: 'delete', row: JSON.stringify(activity) }, { method: 'post' });
        }}
      />
      <ActivityEditWindow
        open={editing !== null}
        onClose={() => setEditing(null)}
        activity={editing?.activity ?? null}
        day={summary.date}
        units={summary.units}
        weekStartsOn={summary.weekStartsOn}
        knownExercises={summary.dayExercises ?? []}
        account={account}
        draft={editing?.draft}
        newType={editing?.newType}
      />
      <div className="toast-region" role="status">
        {showUndo ? (
          <div className="toast">
            <span>{t('dashboard.page.workoutDeleted')}</span>
            <button
              type="button"
              className="button-secondary"
              onClick={() => {
                setDismissed(deleted);
                void undoFetcher.submit(
                  { intent: 'restore', row: JSON.stringify(deleted) },
                  { method: 'post' },
                );
              }}
            >
              {t('dashboard.page.undo')}
            </button>
          </div>
        ) : null}
        {undoFetcher.data?.kind === 'restored' && undoFetcher.state === 'idle' ? (
          <span className="toast">{t('dashboard.page.workoutRestored')}</span>
        ) : null}
        {undoRefusal?.formError ? <span className="toast">{undoRefusal.formError}</span> : null}
      </div>
    </PageFrame>
  );
}
