import {
  EXPORT_PART_LABELS,
  EXPORT_PARTS,
  type ExportPage,
  type ExportPart,
  type ExportRow,
  type ExportValue,
} from '@/domain/dataExport';
import { trackToGpx, type TrackPoint } from '@/domain/track';
import { t } from '@/i18n';
import type { Zippable } from 'fflate';
import { getParse } from '@/lib/parse';
import { saveFile } from '@/lib/saveFile';
import { exportMyData } from './api';

export type ExportFormat = 'json' | 'csv';

/** How far a download has come: parts fully pulled, of how many, and the one being pulled now. */
export interface ExportProgress {
  partsDone: number;
  partCount: number;
  current: ExportPart | null;
}

export function progressText({ partsDone, partCount, current }: ExportProgress): string {
  if (!current) return t('settings.export.ready', { count: partCount });
  return t('settings.export.exporting', {
    part: EXPORT_PART_LABELS[current],
    number: Math.min(partsDone + 1, partCount),
    count: partCount,
  });
}

/** One part's rows gathered from all its pages, with its columns. */
export interface ExportTable {
  columns: readonly string[];
  rows: ExportRow[];
}

/** The column each part is best read in order of; rows arrive in id order. */
const ORDER_BY: Partial<Record<ExportPart, string>> = {
  activities: 'startedAt',
  meals: 'eatenAt',
  weighIns: 'measuredAt',
  bodyMeasurements: 'measuredAt',
  progressPhotos: 'takenOn',
  foods: 'createdAt',
  friendships: 'createdAt',
  chatMessages: 'createdAt',
  challenges: 'startDate',
  tracks: 'startedAt',
};

/** Joins the pages into one table per part, each in date order (ISO dates sort as text). */
export function tablesOf(pages: readonly ExportPage[]): Map<ExportPart, ExportTable> {
  const tables = new Map<ExportPart, ExportTable>(
    EXPORT_PARTS.map((part) => [part, { columns: [], rows: [] }]),
  );
  for (const page of pages) {
    const table = tables.get(page.part);
    if (!table) continue;
    if (table.columns.length === 0) table.columns = page.columns;
    table.rows.push(...page.rows);
  }
  for (const [part, table] of tables) {
    const column = ORDER_BY[part];
    if (!column) continue;
    const key = (row: ExportRow) => String(row[column] ?? '');
    table.rows.sort((a, b) => key(a).localeCompare(key(b)) || String(a.id).localeCompare(String(b.id)));
  }
  return tables;
}

/** The whole export as one JSON document: one object for profile and settings, lists for the rest. */
export function exportDocument(pages: readonly ExportPage[], exportedAt: Date): string {
  const tables = tablesOf(pages);
  const rowsOf = (part: ExportPart) => tables.get(part)?.rows ?? [];
  const document = {
    app: 'FITSTREAK',
    exportedAt: exportedAt.toISOString(),
    profile: rowsOf('profile')[0] ?? null,
    settings: rowsOf('settings')[0] ?? null,
    ...Object.fromEntries(
      EXPORT_PARTS.filter((part) => part !== 'profile' && part !== 'settings').map((part) => [
        part,
        part === 'tracks' ? rowsOf(part).map((row) => ({ ...row, points: pointsOf(row) })) : rowsOf(part),
      ]),
    ),
  };
  return JSON.stringify(document, null, 2);
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV injection advice). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: ExportValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV: a header row, CRLF line ends, fields quoted where they need it. */
export function csvOf({ columns, rows }: ExportTable): string {
  const lines = [columns.map((column) => csvCell(column)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column] ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const CSV_FILE_NAMES: Readonly<Record<Exclude<ExportPart, 'tracks'>, string>> = {
  profile: 'profile.csv',
  settings: 'settings.csv',
  activities: 'workouts.csv',
  meals: 'meals.csv',
  foods: 'custom-foods.csv',
  exercises: 'own-exercises.csv',
  routines: 'routines.csv',
  savedMeals: 'saved-meals.csv',
  recipes: 'recipes.csv',
  weighIns: 'weigh-ins.csv',
  bodyMeasurements: 'body-measurements.csv',
  progressPhotos: 'progress-photos.csv',
  friendships: 'friendships.csv',
  chatMessages: 'chat-messages.csv',
  challenges: 'challenges.csv',
  kudos: 'kudos.csv',
  comments: 'comments.csv',
};

/** A byte order mark lets spreadsheet programs read the files as UTF-8. */
const BOM = '\uFEFF';

/** A track row's points, as the server stored them. */
function pointsOf(row: ExportRow): TrackPoint[] {
  const points: unknown = JSON.parse(String(row.points ?? '[]'));
  return Array.isArray(points) ? (points as TrackPoint[]) : [];
}

/** Each route as a GPX file of its own, named by its day, type and id, for any other app to read. */
function gpxFilesOf(table: ExportTable | undefined): [string, string][] {
  return (table?.rows ?? []).map((row) => {
    const type = String(row.type ?? 'workout');
    const day = String(row.startedAt ?? '').slice(0, 10);
    return [
      `tracks/${day}-${type}-${String(row.id)}.gpx`,
      trackToGpx(pointsOf(row), { name: `${type} ${day}`, type }),
    ];
  });
}

/** A progress photo's picture in the zip: `photos/<day>-<pose>-<id>.<extension of the stored file>`. */
export function photoFileName(row: ExportRow): string {
  const day = String(row.takenOn ?? '').slice(0, 10);
  const extension = /\.(jpg|webp|png)$/.exec(String(row.file ?? ''))?.[1] ?? 'jpg';
  return `photos/${day}-${String(row.pose)}-${String(row.id)}.${extension}`;
}

/**
 * The pictures of the person's progress photos, downloaded by this browser with the person's
 * session (the server answers a photo's file to its owner only), one after another.
 */
async function photoFilesOf(table: ExportTable | undefined): Promise<[string, Uint8Array][]> {
  const rows = (table?.rows ?? []).filter((row) => typeof row.file === 'string');
  if (rows.length === 0) return [];
  const Parse = await getParse();
  const sessionToken = (await Parse.User.currentAsync())?.getSessionToken();
  const files: [string, Uint8Array][] = [];
  for (const row of rows) {
    const response = await fetch(String(row.file), {
      headers: sessionToken ? { 'X-Parse-Session-Token': sessionToken } : {},
    });
    if (!response.ok) throw new Error(t('account.exportPhotoFailed'));
    files.push([photoFileName(row), new Uint8Array(await response.arrayBuffer())]);
  }
  return files;
}

/**
 * A zip of one CSV file per part, a GPX file per route and the pictures of the progress photos
 * (`pictures`, already downloaded); the zip code loads only when someone asks for it.
 */
export async function zipOfCsv(
  pages: readonly ExportPage[],
  pictures: readonly (readonly [string, Uint8Array])[] = [],
): Promise<Uint8Array<ArrayBuffer>> {
  const { strToU8, zipSync } = await import('fflate');
  const tables = tablesOf(pages);
  const files: Zippable = Object.fromEntries([
    ...[...tables].flatMap(([part, table]) =>
      part === 'tracks' ? [] : [[CSV_FILE_NAMES[part], strToU8(BOM + csvOf(table))] as const],
    ),
    ...gpxFilesOf(tables.get('tracks')).map(([name, gpx]) => [name, strToU8(gpx)] as const),
  ]);
  // Pictures are compressed already: stored as they are.
  for (const [name, bytes] of pictures) files[name] = [bytes, { level: 0 }];
  return zipSync(files, { level: 6 });
}

function progressAfter(page: ExportPage): ExportProgress {
  const finished = page.next === null || page.next.part !== page.part;
  return {
    partsDone: page.partIndex + (finished ? 1 : 0),
    partCount: page.partCount,
    current: page.next?.part ?? null,
  };
}

/** Pulls every page of the person's data, builds the file and starts its download. */
export async function downloadMyData(
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
  now: () => Date = () => new Date(),
): Promise<void> {
  onProgress({ partsDone: 0, partCount: EXPORT_PARTS.length, current: EXPORT_PARTS[0] });
  const pages = await exportMyData((page) => onProgress(progressAfter(page)));
  const exportedAt = now();
  const day = exportedAt.toISOString().slice(0, 10);
  if (format === 'json') {
    const json = new Blob([exportDocument(pages, exportedAt)], { type: 'application/json' });
    saveFile(json, `fitstreak-data-${day}.json`);
  } else {
    const pictures = await photoFilesOf(tablesOf(pages).get('progressPhotos'));
    const zip = new Blob([await zipOfCsv(pages, pictures)], { type: 'application/zip' });
    saveFile(zip, `fitstreak-data-${day}.zip`);
  }
}
