import { activityClass } from './activity';
import { bodyMeasurementClass } from './bodyMeasurement';
import { progressPhotoClass } from './progressPhoto';
import { chatRoomRuleClass } from './chatRoomRule';
import { challengeClass, challengeMemberClass } from './challenge';
import { chatMessageClass } from './chatMessage';
import { commentClass } from './comment';
import { exerciseClass } from './exercise';
import { foodClass } from './food';
import { friendshipClass } from './friendship';
import { installationClass } from './installation';
import { invitationClass } from './invitation';
import { kudosClass } from './kudos';
import { mealClass } from './meal';
import { moderationActionClass } from './moderationAction';
import { muteClass } from './mute';
import { notificationClass } from './notification';
import { originalFileClass } from './originalFile';
import { pushSubscriptionClass } from './pushSubscription';
import { roleClass } from './role';
import { recipeClass } from './recipe';
import { reportClass } from './report';
import { routineClass } from './routine';
import { savedMealClass } from './savedMeal';
import { serverSettingClass } from './serverSetting';
import { settingsClass } from './settings';
import { trackClass } from './track';
import { trainingLoadDayClass } from './trainingLoadDay';
import { twoFactorClass } from './twoFactor';
import type { ClassDefinition } from './types';
import { userClass } from './user';
import { weightEntryClass } from './weightEntry';

/**
 * Every class Parse keeps in its schema, ours and its own. Parse's in-memory classes (`_Audience`,
 * `_PushStatus`…) are not among them: Parse closes those to clients itself, and a definition of one
 * stops its migration (server/parse/schemaCheck.ts).
 */
const ours = [
  userClass,
  settingsClass,
  activityClass,
  mealClass,
  foodClass,
  exerciseClass,
  routineClass,
  savedMealClass,
  recipeClass,
  weightEntryClass,
  bodyMeasurementClass,
  progressPhotoClass,
  friendshipClass,
  chatMessageClass,
  roleClass,
  installationClass,
  invitationClass,
  twoFactorClass,
  notificationClass,
  trackClass,
  trainingLoadDayClass,
  originalFileClass,
  challengeClass,
  challengeMemberClass,
  pushSubscriptionClass,
  kudosClass,
  commentClass,
  muteClass,
  reportClass,
  moderationActionClass,
  chatRoomRuleClass,
  serverSettingClass,
] as const;

export const classDefinitions: ClassDefinition[] = [...ours];

/** Our classes by their names, for the types of pointers to them (cloud/schema/rows.ts). */
export type ClassesByName = { [Definition in (typeof ours)[number] as Definition['className']]: Definition };
