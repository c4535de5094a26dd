import { activityClass } from './activity';
import { audienceClass } from './audience';
import { chatMessageClass } from './chatMessage';
import { exerciseClass } from './exercise';
import { foodClass } from './food';
import { friendshipClass } from './friendship';
import { installationClass } from './installation';
import { mealClass } from './meal';
import { roleClass } from './role';
import { settingsClass } from './settings';
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
  weightEntryClass,
  friendshipClass,
  chatMessageClass,
  roleClass,
  installationClass,
  audienceClass,
];
