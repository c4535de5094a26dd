import type { SignupMode, SignupRules } from '../../src/domain/signup';
import type { SignupSettings } from '../../src/domain/serverAdmin';
import { MASTER, serverOnlyAcl } from '../parse';
import { queryOf, rowOf } from '../schema/rows';
import { serverSettingClass } from '../schema/serverSetting';
import { signupRules } from '../signupRules';

const SIGNUP_MODE = 'signupMode';

async function lastChange() {
  return queryOf(serverSettingClass).equalTo('key', SIGNUP_MODE).descending('createdAt').first(MASTER);
}

/**
 * Who may sign up now: the mode an admin chose last, else the operator's SIGNUP. Read from the
 * database at every check, so a change applies on every node at once.
 */
export async function currentSignupRules(): Promise<SignupRules> {
  const configured = signupRules();
  const change = await lastChange();
  return change ? { ...configured, mode: change.get('value') } : configured;
}

export async function signupSettings(): Promise<SignupSettings> {
  const change = await lastChange();
  const configuredMode = signupRules().mode;
  if (!change) return { mode: configuredMode, configuredMode, changed: null };
  return {
    mode: change.get('value'),
    configuredMode,
    changed: { at: (change.createdAt ?? new Date()).toISOString(), by: change.get('changedBy') },
  };
}

/** A new row for each change: the rows are the record of who changed the mode and when. */
export async function changeSignupMode(mode: SignupMode, changedBy: string): Promise<void> {
  const change = rowOf(serverSettingClass);
  change.set({ key: SIGNUP_MODE, value: mode, changedBy });
  change.setACL(serverOnlyAcl());
  await change.save(null, MASTER);
}
