import type account from '../locales/en/account.json';
import type activity from '../locales/en/activity.json';
import type admin from '../locales/en/admin.json';
import type auth from '../locales/en/auth.json';
import type challenges from '../locales/en/challenges.json';
import type chat from '../locales/en/chat.json';
import type common from '../locales/en/common.json';
import type dashboard from '../locales/en/dashboard.json';
import type energy from '../locales/en/energy.json';
import type domain from '../locales/en/domain.json';
import type frame from '../locales/en/frame.json';
import type friends from '../locales/en/friends.json';
import type imports from '../locales/en/imports.json';
import type insight from '../locales/en/insight.json';
import type moderation from '../locales/en/moderation.json';
import type notifications from '../locales/en/notifications.json';
import type nutrition from '../locales/en/nutrition.json';
import type server from '../locales/en/server.json';
import type settings from '../locales/en/settings.json';
import type strength from '../locales/en/strength.json';
import type training from '../locales/en/training.json';
import type weight from '../locales/en/weight.json';

/**
 * The messages of the app, in catalogues per part (src/locales/<language>/<namespace>.json). A
 * message's id starts with its namespace ("weight.entries.title"); its text is ICU MessageFormat,
 * so plurals and numbers follow the language ("{count, plural, one {# day} other {# days}}").
 *
 * This module runs in the browser and on the server: `t` asks whichever translator the side
 * installed (src/i18n/index.ts, server/http/i18n.ts), so the domain rules write their sentences once.
 */
export const NAMESPACES = [
  'common',
  'frame',
  'auth',
  'domain',
  'account',
  'training',
  'energy',
  'server',
  'activity',
  'admin',
  'challenges',
  'chat',
  'dashboard',
  'friends',
  'imports',
  'insight',
  'moderation',
  'notifications',
  'nutrition',
  'settings',
  'strength',
  'weight',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Catalogue =
  | typeof account
  | typeof activity
  | typeof admin
  | typeof auth
  | typeof challenges
  | typeof chat
  | typeof common
  | typeof dashboard
  | typeof energy
  | typeof domain
  | typeof frame
  | typeof friends
  | typeof imports
  | typeof insight
  | typeof moderation
  | typeof notifications
  | typeof nutrition
  | typeof server
  | typeof settings
  | typeof strength
  | typeof training
  | typeof weight;

type IdsOf<C> = C extends unknown ? keyof C & string : never;

/** Every message id the English catalogues hold: a typo in an id does not compile. */
export type MessageId = IdsOf<Catalogue>;

/** The values a message's {placeholders} take. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

export type Translator = (id: MessageId, values?: MessageValues) => string;

/** A compiled or plain catalogue: id to message. */
export type Messages = Record<string, unknown>;

let translator: Translator = (id) => id;
let language: () => string = () => 'en';

/**
 * Installs the side's translator (the browser's Lingui instance, or the server's per request) and
 * the way to learn the language it writes in.
 */
export function setTranslator(next: Translator, languageShown: () => string): void {
  translator = next;
  language = languageShown;
}

/** The language `t` writes in now ("en", "de", …), for formatting numbers the same way. */
export function languageOfMessages(): string {
  return language();
}

/**
 * The message `id` in the current language, its placeholders filled. Call it when the text is
 * shown, never at a module's top level: the language can change while the app runs.
 */
export function t(id: MessageId, values?: MessageValues): string {
  return translator(id, values);
}
