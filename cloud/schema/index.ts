import { activityClass } from './activity';
import { chatMessageClass } from './chatMessage';
import { foodClass } from './food';
import { friendshipClass } from './friendship';
import { mealClass } from './meal';
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
  weightEntryClass,
  friendshipClass,
  chatMessageClass,
];
