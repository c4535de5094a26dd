import type { Namespace } from '@/i18n/messages';

/**
 * The message catalogues each route's screen shows (src/app/router.tsx fetches them with the
 * route; a change of language fetches those of the routes shown). Windows that show another
 * part's messages fetch that catalogue when they first open.
 */
export const PAGE_MESSAGES = {
  root: ['common'],
  app: ['frame', 'notifications'],
  login: ['auth'],
  signup: ['auth', 'domain', 'account'],
  resetPassword: ['auth', 'domain', 'account'],
  dashboard: ['domain', 'dashboard', 'activity', 'strength', 'training', 'insight'],
  exercisesChat: ['domain', 'chat', 'moderation'],
  friendsRanking: ['domain', 'friends', 'challenges', 'activity', 'moderation', 'insight'],
  nutritionLog: ['domain', 'nutrition', 'energy'],
  userSettings: ['domain', 'settings', 'imports', 'account', 'insight'],
  weightTracking: ['domain', 'weight'],
  welcome: ['domain', 'settings'],
  admin: ['domain', 'admin', 'moderation', 'settings'],
} as const satisfies Record<string, readonly Namespace[]>;
