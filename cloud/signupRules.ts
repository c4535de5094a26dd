import type { SignupRules } from '../src/domain/signup';

/**
 * Who may sign up, as the operator configured it (SIGNUP, ADMIN_USERNAMES, INVITES_BY_USERS in
 * server/config.ts). The server provides them before Parse starts; open until then.
 */
let rules: SignupRules = { mode: 'open', adminUsernames: [], invitesByUsers: false };

export function provideSignupRules(configured: SignupRules): void {
  rules = configured;
}

export function signupRules(): SignupRules {
  return rules;
}
