import { OWNED_CLASSES, type OwnedClassName } from '../../src/domain/contract';
import { checkFields, checkWriteOnce, type FieldRules } from '../../src/domain/fieldRules';
import { completeActivity } from './activity';
import { completeExercise } from './exercise';
import { completeFood } from './food';
import { completeMeal } from './meal';
import { completeProgressPhoto } from './progressPhoto';
import { completeRecipe } from './recipe';
import { completeRoutine } from './routine';
import { completeSavedMeal } from './savedMeal';
import { completeSettings } from './settings';
import {
  ownerAcl,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  type CloudObject,
  type ParseUser,
  type TriggerRequest,
} from '../parse';
import { refuseSuspended } from '../suspension';

/**
 * One rule for every class whose rows belong to a person: the server names the owner and
 * gives the row an owner-only ACL whatever the client sent, then checks the contract's limits.
 */
type Completion = (object: CloudObject, original: CloudObject | undefined) => Promise<void>;

/** What the server fills in on a valid row of a class, after the contract's checks. */
const COMPLETIONS: Partial<Record<OwnedClassName, Completion>> = {
  Activity: completeActivity,
  Exercise: completeExercise,
  Food: completeFood,
  Meal: completeMeal,
  ProgressPhoto: completeProgressPhoto,
  Recipe: completeRecipe,
  Routine: completeRoutine,
  SavedMeal: completeSavedMeal,
  Settings: completeSettings,
};

/**
 * Fields of a class that only the server writes (a moderator's hiding, a workout's training load and
 * what its track says of the heart), refused from a person.
 */
const SERVER_FIELDS: Partial<Record<OwnedClassName, readonly string[]>> = {
  Activity: ['moderationHidden', 'trainingLoad', 'loadSource', 'sustainedMaxHr'],
};

function refuseServerFields(className: OwnedClassName, object: CloudObject): void {
  const dirty = object.dirtyKeys();
  const field = SERVER_FIELDS[className]?.find((name) => dirty.includes(name));
  if (field) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.owned.serverField', { field });
}

function enforceOwnedRow(className: OwnedClassName, rules: FieldRules) {
  const complete = COMPLETIONS[className];
  return async (request: TriggerRequest): Promise<void> => {
    const { object, original } = request;
    if (request.master) {
      // Server-side writes (catalogue seeding, account deletion) set their own owner and ACL.
      await checkAndComplete(object, original, rules, complete);
      return;
    }
    const { user, userId } = requireUser(request.user);
    await refuseSuspended(user);
    refuseServerFields(className, object);
    const previousOwner = original?.get('user') as ParseUser | undefined;
    if (original && previousOwner?.id !== userId) {
      throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.owned.notYours', { className });
    }
    object.set('user', user);
    object.setACL(ownerAcl(userId));
    if (original) checkUnchanged(object, original, rules);
    await checkAndComplete(object, original, rules, complete);
  };
}

/** A person's change keeps the write-once fields (a client's key); the master key may repair them. */
function checkUnchanged(object: CloudObject, original: CloudObject, rules: FieldRules): void {
  const [first] = checkWriteOnce(rules, original.attributes, object.attributes);
  if (first) throw refuseProblem(first);
}

function checkRow(object: CloudObject, rules: FieldRules): void {
  const [first] = checkFields(rules, object.attributes);
  if (first) throw refuseProblem(first);
}

/**
 * Fills in what the server computes, then checks the row as it will be stored, so a computed
 * value (a meal's energy from its food, a workout's estimate) is held to the same limits.
 */
async function checkAndComplete(
  object: CloudObject,
  original: CloudObject | undefined,
  rules: FieldRules,
  complete: Completion | undefined,
): Promise<void> {
  await complete?.(object, original);
  checkRow(object, rules);
}

/** A suspended person deletes nothing of theirs but through deleting their account (the master key). */
async function refuseSuspendedDelete(request: TriggerRequest): Promise<void> {
  if (!request.master) await refuseSuspended(request.user);
}

export function registerOwnedClassTriggers(): void {
  for (const className of Object.keys(OWNED_CLASSES) as OwnedClassName[]) {
    Parse.Cloud.beforeSave(className, enforceOwnedRow(className, OWNED_CLASSES[className]));
    Parse.Cloud.beforeDelete(className, refuseSuspendedDelete);
  }
}
