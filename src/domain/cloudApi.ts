import type { ActivitySummary, WorkoutDetail } from './activity';
import type { MeasurementImportResult, MeasurementImportRow } from './bodyMeasurements';
import type { ChallengeMetric, ChallengeSummary, Leaderboard, MemberStatus } from './challenges';
import type { ActivityVisibility, MealType } from './contract';
import type {
  AccountStanding,
  AdminUsers,
  AppealOutcome,
  AssignableRole,
  ModerationActionKind,
  RecordedActionKind,
  ModerationQueue,
  ModerationRecord,
  MutedUser,
  ReportKind,
  ReportReason,
  ReportStatus,
} from './moderation';
import type { DashboardSummary } from './dashboard';
import type { ExportPage, ExportRequest } from './dataExport';
import type { AdaptiveCalorieGoal, ExpenditureWithGoal } from './expenditure';
import type { Friendships, Ranking, RankingMetric, RankingPeriod, SearchResult } from './friends';
import type { NotificationList } from './notifications';
import type { FoodRow, HistorySpan, NutritionDay } from './nutrition';
import type { Language } from './languages';
import type { RecipeRow } from './recipes';
import type { SharedWorkout, SharedWorkoutDetail, SharedWorkoutGpx } from './sharing';
import type { FeedPage, SocialComment, WorkoutSocialView } from './social';
import type { ServerStatus, SignupSettings } from './serverAdmin';
import type { InvitationRow, NewInvitation, SignupMode, SignupPolicy } from './signup';
import type {
  ExerciseProgress,
  ExerciseRow,
  Muscle,
  ProgressRange,
  RecentExercises,
  WorkoutRecords,
} from './strength';
import type { PersonHeartRateZones } from './heartRateZones';
import type { RacePredictionsAnswer } from './racePredictions';
import type { ImportAnswer, KeyedWorkout } from './track';
import type { TrainingLoadSeries } from './trainingLoad';
import type { TwoFactorEnrolment, TwoFactorStatus } from './twoFactor';
import type { WeighInImportResult, WeightRange, WeightSummary } from './weight';

/** A day as `YYYY-MM-DD`, in the time zone sent beside it. */
type Day = string;
/**
 * An IANA time zone, e.g. `Europe/Berlin`: the browser's, for what "today" means; without one, the
 * zone in the person's settings.
 */
type TimeZone = string;

/** A function without parameters. */
type None = Record<never, never>;

/**
 * Every cloud function: the parameters the browser sends and the result the server answers. The
 * server defines each through `defineFunction` (cloud/functions/define.ts), whose handler must answer
 * this result and reads the parameters by these names; the browser calls each through `callCloud`
 * (src/lib/cloud.ts). A renamed function, parameter or result field fails to compile on both sides.
 */
export interface CloudApi {
  // Workouts
  activitySummary: { params: { month?: string; date?: Day; timeZone?: TimeZone }; result: ActivitySummary };
  /**
   * The owner's workout whole; a workout a friend may see, as its owner shares it (`{ shared }`,
   * trimmed as `sharedWorkout` answers it); anything else "not found".
   */
  workoutDetail: { params: { activityId: string }; result: WorkoutDetail | SharedWorkoutDetail };
  importWorkouts: { params: { workouts: readonly KeyedWorkout[]; dryRun?: boolean }; result: ImportAnswer };
  // Insight
  heartRateZones: { params: None; result: PersonHeartRateZones };
  /** Days as `YYYY-MM-DD` in `timeZone` (else the settings' zone); at most 731 days. */
  trainingLoad: { params: { from: Day; to: Day; timeZone?: TimeZone }; result: TrainingLoadSeries };
  racePredictions: { params: { timeZone?: TimeZone }; result: RacePredictionsAnswer };
  // Strength
  searchExercises: {
    params: { query: string; muscle?: Muscle; equipment?: string; limit?: number; language?: Language };
    result: ExerciseRow[];
  };
  exerciseProgress: { params: { exerciseId: string; range?: ProgressRange }; result: ExerciseProgress };
  recentExercises: { params: { exerciseIds: readonly string[]; before?: string }; result: RecentExercises };
  workoutRecords: { params: { activityId: string }; result: WorkoutRecords };
  // Weight
  weightSummary: {
    params: { range?: WeightRange; page?: number; timeZone?: TimeZone };
    result: WeightSummary;
  };
  importWeightEntries: {
    params: { rows: readonly { measuredAt: string; weightKg: number }[]; dryRun?: boolean };
    result: WeighInImportResult;
  };
  /** Body measurements in cm, all or nothing; rows repeating a saved one's minute are skipped. */
  importBodyMeasurements: {
    params: { rows: readonly MeasurementImportRow[]; dryRun?: boolean };
    result: MeasurementImportResult;
  };
  // Food and energy
  /** With `recipes`, the person's own recipes that match come too, as rows whose `recipe` is set. */
  searchFoods: {
    params: { query: string; limit?: number; language?: Language; recipes?: boolean };
    result: FoodRow[];
  };
  foodByBarcode: { params: { code: string; language?: Language }; result: FoodRow };
  nutritionDay: {
    params: { date?: Day; days?: HistorySpan; timeZone?: TimeZone };
    result: NutritionDay;
  };
  copyMeals: {
    params: { fromDate: Day; toDate: Day; mealType?: MealType; timeZone?: TimeZone };
    result: { copied: number };
  };
  /** Logs a saved meal's items into a section of a day (a day, or an instant taken as its day). */
  logSavedMeal: {
    /** `clientKey`: a UUID keying the meals written (src/domain/savedMeals.ts `itemClientKey`). */
    params: {
      savedMealId: string;
      mealType: MealType;
      date: Day | Date;
      timeZone?: TimeZone;
      clientKey?: string;
    };
    result: { logged: number };
  };
  listRecipes: { params: { language?: Language }; result: RecipeRow[] };
  /** Logs servings of one's own recipe as one meal with the recipe's numbers copied; answers its id. */
  logRecipe: {
    /** `clientKey`: the meal's, as the offline queue would give it, so a lost answer is not logged twice. */
    params: {
      recipeId: string;
      servings: number;
      mealType: MealType;
      eatenAt: string | Date;
      clientKey?: string;
    };
    result: { mealId: string };
  };
  energyExpenditure: { params: { timeZone?: TimeZone }; result: ExpenditureWithGoal };
  adaptCalorieGoal: { params: { on: boolean; timeZone?: TimeZone }; result: AdaptiveCalorieGoal };
  dashboardSummary: { params: { date?: Day; timeZone?: TimeZone }; result: DashboardSummary };
  // Friends
  searchUsers: { params: { query: string }; result: SearchResult[] };
  listFriendships: { params: None; result: Friendships };
  sendFriendRequest: { params: { username: string }; result: { friendshipId: string; status: string } };
  respondFriendRequest: { params: { friendshipId: string; accept: boolean }; result: { status: string } };
  removeFriend: { params: { userId: string }; result: { removed: true } };
  blockUser: { params: { userId: string }; result: { blocked: true } };
  friendsRanking: { params: { metric: RankingMetric; period: RankingPeriod }; result: Ranking };
  // Sharing a workout (cloud/functions/sharing.ts)
  /** A workout as its owner shares it with the caller; one they may not see is "not found" (101). */
  sharedWorkout: { params: { activityId: string }; result: SharedWorkout };
  /** The shared route, trimmed, as a GPX file; "not found" when no route is shared. */
  sharedWorkoutGpx: { params: { activityId: string }; result: SharedWorkoutGpx };
  /** Makes all the caller's workouts private, or all visible to friends; answers how many changed. */
  setWorkoutsVisibility: { params: { visibility: ActivityVisibility }; result: { changed: number } };

  // Friends' feed, kudos and comments
  activityFeed: { params: { before?: string; limit?: number }; result: FeedPage };
  giveKudos: { params: { activityId: string }; result: { count: number; given: true } };
  removeKudos: { params: { activityId: string }; result: { count: number; given: false } };
  addComment: { params: { activityId: string; text: string }; result: SocialComment };
  editComment: { params: { commentId: string; text: string }; result: SocialComment };
  deleteComment: { params: { commentId: string }; result: { deleted: true } };
  workoutSocial: { params: { activityId: string }; result: WorkoutSocialView };
  // Challenges
  listChallenges: { params: None; result: ChallengeSummary[] };
  createChallenge: {
    params: {
      title: string;
      metric: ChallengeMetric;
      startDate: Day;
      endDate: Day;
      friendIds: readonly string[];
      timeZone?: TimeZone;
    };
    result: ChallengeSummary;
  };
  respondChallenge: { params: { challengeId: string; accept: boolean }; result: { status: MemberStatus } };
  leaveChallenge: { params: { challengeId: string }; result: { status: MemberStatus } };
  challengeLeaderboard: { params: { challengeId: string }; result: Leaderboard };
  // Notifications and push
  listNotifications: { params: None; result: NotificationList };
  markNotificationsRead: { params: { ids?: readonly string[] }; result: { marked: number } };
  savePushSubscription: {
    params: { endpoint: string; p256dh: string; auth: string };
    result: { saved: true };
  };
  removePushSubscription: { params: { endpoint: string }; result: { removed: number } };
  sendTestPush: { params: None; result: { delivered: boolean } };
  // Sign-up and invitations
  signupPolicy: { params: None; result: SignupPolicy };
  createInvitation: { params: None; result: NewInvitation };
  listInvitations: { params: None; result: InvitationRow[] };
  revokeInvitation: { params: { invitationId: string }; result: { revoked: true } };
  // Account and security
  exportMyData: { params: ExportRequest; result: ExportPage };
  deleteMyAccount: { params: { password: string }; result: { deleted: true } };
  twoFactorStatus: { params: None; result: TwoFactorStatus };
  startTwoFactor: { params: None; result: TwoFactorEnrolment };
  confirmTwoFactor: { params: { code: string; password: string }; result: { recoveryCodes: string[] } };
  disableTwoFactor: { params: { password: string; code: string }; result: { enabled: false } };
  // Mute, reports and moderation (src/domain/moderation.ts has the limits)
  /** The caller's role and any sanction on them; answered also while suspended. */
  accountStanding: { params: None; result: AccountStanding };
  /** Hides a person's chat messages from the caller; the person is not told. */
  muteUser: { params: { userId: string }; result: { muted: true } };
  unmuteUser: { params: { userId: string }; result: { muted: false } };
  mutedUsers: { params: None; result: MutedUser[] };
  /** One open report per reporter and target; the target must be something the reporter can see. */
  reportContent: {
    params: { kind: ReportKind; id: string; reason: ReportReason; note?: string };
    result: { reportId: string };
  };
  /** Moderators: reports newest first (`open` unless asked), `page` is the previous answer's `next`. */
  moderationQueue: { params: { status?: ReportStatus; page?: string }; result: ModerationQueue };
  /**
   * Moderators: one action, written to the record. `until` (ISO) ends a chat mute (required) or a
   * suspension (absent: until lifted). With `reportId`, every open report on the target is resolved.
   */
  moderate: {
    params: {
      action: ModerationActionKind;
      kind: ReportKind;
      id: string;
      reason: string;
      until?: string;
      reportId?: string;
    };
    result: { actionId: string; resolved: number };
  };
  /** The person an action targets, once per action. */
  /** One appeal per action, so the appeal is named by its action's id (`appealId`). */
  appealAction: {
    params: { actionId: string; text: string };
    result: { appealId: string; outcome: 'pending' };
  };
  /** Moderators other than the one who acted (unless none other exists): `accept: true` undoes it. */
  decideAppeal: {
    params: { appealId: string; accept: boolean; reason: string };
    result: { outcome: Exclude<AppealOutcome, 'pending'> };
  };
  /** Moderators, topic rooms only: seconds between two messages of one author (0 turns it off). */
  setSlowMode: { params: { room: string; seconds: number }; result: { room: string; seconds: number } };
  /** Anyone who may read the room: its slow mode now. */
  slowMode: { params: { room: string }; result: { room: string; seconds: number } };
  /** Admins: the record of actions, newest first, filtered. */
  moderationRecord: {
    params: {
      moderatorId?: string;
      targetUserId?: string;
      /** A moderator, or the person acted on, by username: a deleted account by the name the record kept. */
      moderatorName?: string;
      targetName?: string;
      action?: RecordedActionKind;
      before?: string;
    };
    result: ModerationRecord;
  };
  /** Admins: Parse's password-reset mail to the person's confirmed address; recorded with the reason. */
  sendPasswordReset: { params: { userId: string; reason: string }; result: { sent: true } };
  /**
   * Admins: delete a person's account as their own deletion does, mailing them why first; never an
   * owner's, an admin's only by an owner, never the last admin's. The record keeps the action.
   */
  deleteAccount: { params: { userId: string; reason: string }; result: { deleted: true; actionId: string } };
  /** Admins and moderators: people by username (or e-mail, admins) beginning with `query`, newest first. */
  adminUsers: { params: { query?: string; page?: string }; result: AdminUsers };
  /** Admins: make a person a moderator, an admin or neither; owners are made by the operator only. */
  setRole: {
    params: { userId: string; role: AssignableRole };
    result: { userId: string; role: AssignableRole };
  };
  /** Admins: the sign-up mode in force, the operator's SIGNUP and the last change. */
  signupSettings: { params: None; result: SignupSettings };
  /** Admins: the sign-up mode from now on, on every node, overriding SIGNUP; each change recorded. */
  setSignupMode: { params: { mode: SignupMode }; result: SignupSettings };
  /** Admins: the nodes, versions, food catalogue and last backup. */
  serverStatus: { params: None; result: ServerStatus };
  // The operator's (master key only): what the scheduler runs, at a moment a test chooses.
  sendReminders: { params: { now?: string }; result: { weighIn: number; streak: number } };
  sendWeeklySummaries: { params: { now?: string }; result: { sent: number } };
}

export type CloudFunctionName = keyof CloudApi;
export type CloudParams<Name extends CloudFunctionName> = CloudApi[Name]['params'];
export type CloudResult<Name extends CloudFunctionName> = CloudApi[Name]['result'];

/** The arguments after the name: none for a function without parameters, optional when all are. */
export type CloudArgs<Name extends CloudFunctionName> = keyof CloudParams<Name> extends never
  ? []
  : Partial<CloudParams<Name>> extends CloudParams<Name>
    ? [params?: CloudParams<Name>]
    : [params: CloudParams<Name>];
