import { activityClass } from './activity';
import { audienceClass } from './audience';
import { challengeClass, challengeMemberClass } from './challenge';
import { chatMessageClass } from './chatMessage';
import { exerciseClass } from './exercise';
import { foodClass } from './food';
import { friendshipClass } from './friendship';
import { installationClass } from './installation';
import { invitationClass } from './invitation';
import { mealClass } from './meal';
import { notificationClass } from './notification';
import { originalFileClass } from './originalFile';
import { pushSubscriptionClass } from './pushSubscription';
import { roleClass } from './role';
import { routineClass } from './routine';
import { settingsClass } from './settings';
import { trackClass } from './track';
import { twoFactorClass } from './twoFactor';
import type { ClassDefinition } from './types';
import { userClass } from './user';
import { weightEntryClass } from './weightEntry';

export const classDefinitions: ClassDefinition[] = [
  userClass,
  settingsClass,
  activityClass,
  mealClass,
  foodClass,
  exerciseClass,
  routineClass,
  weightEntryClass,
  friendshipClass,
  chatMessageClass,
  roleClass,
  installationClass,
  audienceClass,
  invitationClass,
  twoFactorClass,
  notificationClass,
  trackClass,
  originalFileClass,
  challengeClass,
  challengeMemberClass,
  pushSubscriptionClass,
];
