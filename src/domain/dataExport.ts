import type { MessageId } from '../i18n/messages';
import { translatedList, translatedTable } from './labels';

/**
 * The contract of `exportMyData({ part?, cursor? })`, shared by the cloud function and the browser.
 *
 * The export is pulled one page at a time so that years of data never make one giant answer:
 * call with no params to get the first page of the first part, then call again with the `next`
 * the answer gives, until `next` is null. Each page holds at most EXPORT_PAGE_SIZE rows of one part;
 * a page may be empty. `columns` lists every field a row of that part can carry, in order.
 */
export const EXPORT_PARTS = [
  'profile',
  'settings',
  'activities',
  'meals',
  'foods',
  'exercises',
  'routines',
  'savedMeals',
  'recipes',
  'weighIns',
  'bodyMeasurements',
  'progressPhotos',
  'friendships',
  'chatMessages',
  'challenges',
  'tracks',
  'kudos',
  'comments',
] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

export const EXPORT_PAGE_SIZE = 1000;

/** A page of tracks holds fewer rows: each carries up to 2 000 points. */
export const EXPORT_TRACK_PAGE_SIZE = 25;

/** The message naming each part. */
export const EXPORT_PART_LABEL_IDS: Readonly<Record<ExportPart, MessageId>> = {
  profile: 'account.exportPart.profile',
  settings: 'account.exportPart.settings',
  activities: 'account.exportPart.activities',
  meals: 'account.exportPart.meals',
  foods: 'account.exportPart.foods',
  exercises: 'account.exportPart.exercises',
  routines: 'account.exportPart.routines',
  savedMeals: 'account.exportPart.savedMeals',
  recipes: 'account.exportPart.recipes',
  weighIns: 'account.exportPart.weighIns',
  bodyMeasurements: 'account.exportPart.bodyMeasurements',
  progressPhotos: 'account.exportPart.progressPhotos',
  friendships: 'account.exportPart.friendships',
  chatMessages: 'account.exportPart.chatMessages',
  challenges: 'account.exportPart.challenges',
  tracks: 'account.exportPart.tracks',
  kudos: 'account.exportPart.kudos',
  comments: 'account.exportPart.comments',
};

/** What the progress text calls each part, in the language shown when read. */
export const EXPORT_PART_LABELS = translatedTable(EXPORT_PART_LABEL_IDS);

/** Dates are ISO 8601 strings, pointers the target's id, files their URL, absent values null. */
export type ExportValue = string | number | boolean | null;
export type ExportRow = Readonly<Record<string, ExportValue>>;

export interface ExportRequest {
  part?: ExportPart;
  /** The id after which the part continues, as the previous page's `next` gave it. */
  cursor?: string;
}

export interface ExportPage {
  part: ExportPart;
  /** 0-based position of `part` in EXPORT_PARTS. */
  partIndex: number;
  partCount: number;
  columns: readonly string[];
  rows: readonly ExportRow[];
  /** What to ask for next, or null when this was the last page of the last part. */
  next: ExportRequest | null;
}

export function isExportPart(value: unknown): value is ExportPart {
  return typeof value === 'string' && (EXPORT_PARTS as readonly string[]).includes(value);
}

/** The messages naming everything `deleteMyAccount` removes. */
export const DELETED_KIND_IDS: readonly MessageId[] = [
  'account.deleted.profile',
  'account.deleted.settings',
  'account.deleted.workouts',
  'account.deleted.meals',
  'account.deleted.exercises',
  'account.deleted.weighIns',
  'account.deleted.bodyMeasurements',
  'account.deleted.progressPhotos',
  'account.deleted.friendships',
  'account.deleted.chat',
  'account.deleted.sessions',
];

/** Everything `deleteMyAccount` removes, in the words the confirmation window uses (the language shown when read). */
export const DELETED_KINDS = translatedList(DELETED_KIND_IDS);
