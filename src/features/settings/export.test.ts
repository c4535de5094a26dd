import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseWorkoutFile } from '@/features/imports/formats';
import { EXPORT_PARTS, type ExportPage, type ExportPart, type ExportRow } from '@/domain/dataExport';
import {
  CSV_FILE_NAMES,
  csvCell,
  csvOf,
  downloadMyData,
  exportDocument,
  progressText,
  tablesOf,
  zipOfCsv,
  photoFileName,
  type ExportProgress,
} from './export';

const exportPages = vi.hoisted(() => ({ pages: [] as ExportPage[] }));

vi.mock('./api', () => ({
  exportMyData: (onPage: (page: ExportPage) => void) => {
    for (const page of exportPages.pages) onPage(page);
    return Promise.resolve(exportPages.pages);
  },
}));

const COLUMNS: Partial<Record<ExportPart, string[]>> = {
  profile: ['id', 'username', 'email', 'displayName', 'avatarUrl', 'createdAt'],
  meals: ['id', 'eatenAt', 'mealType', 'name', 'caloriesKcal'],
};

const POINTS = [
  { t: Date.parse('2024-03-01T07:00:00Z'), lat: 48, lon: 11, ele: 500, hr: 120 },
  { t: Date.parse('2024-03-01T07:10:00Z'), lat: 48.02, lon: 11, ele: 510, hr: 150 },
];
const TRACK_ROW: ExportRow = {
  id: 't1',
  activityId: 'a1',
  type: 'run',
  startedAt: '2024-03-01T07:00:00.000Z',
  points: JSON.stringify(POINTS),
};

/** A page of `part`, continuing with `next`, the way the server answers. */
function page(part: ExportPart, rows: ExportRow[], next: ExportPage['next']): ExportPage {
  return {
    part,
    partIndex: EXPORT_PARTS.indexOf(part),
    partCount: EXPORT_PARTS.length,
    columns: COLUMNS[part] ?? ['id', 'createdAt'],
    rows,
    next,
  };
}

/** The pages of a small account: two pages of meals, one of everything else. */
function samplePages(): ExportPage[] {
  return EXPORT_PARTS.flatMap((part, index): ExportPage[] => {
    const following = EXPORT_PARTS[index + 1];
    const next = following ? { part: following } : null;
    if (part === 'profile') {
      return [
        page(
          'profile',
          [
            {
              id: 'u1',
              username: 'ana',
              email: 'ana@example.com',
              displayName: 'Ana, "the runner"',
              avatarUrl: null,
              createdAt: '2024-01-02T03:04:05.000Z',
            },
          ],
          next,
        ),
      ];
    }
    if (part === 'meals') {
      return [
        page(
          'meals',
          [
            {
              id: 'm2',
              eatenAt: '2024-03-02T12:00:00.000Z',
              mealType: 'lunch',
              name: 'Soup',
              caloriesKcal: 320,
            },
            {
              id: 'm9',
              eatenAt: '2024-03-01T08:00:00.000Z',
              mealType: 'breakfast',
              name: 'Oats',
              caloriesKcal: 280,
            },
          ],
          { part: 'meals', cursor: 'm9' },
        ),
        page(
          'meals',
          [
            {
              id: 'ma',
              eatenAt: '2024-03-01T19:00:00.000Z',
              mealType: 'dinner',
              name: 'Rice,\nbeans',
              caloriesKcal: 610.5,
            },
          ],
          next,
        ),
      ];
    }
    if (part === 'tracks') return [page('tracks', [TRACK_ROW], next)];
    return [page(part, [], next)];
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  exportPages.pages = [];
});

describe('csvCell', () => {
  it.each([
    ['plain text', 'Oats', 'Oats'],
    ['a comma', 'Rice, beans', '"Rice, beans"'],
    ['quotes', 'the "best" soup', '"the ""best"" soup"'],
    ['a line break', 'line one\nline two', '"line one\nline two"'],
    ['a carriage return', 'a\rb', '"a\rb"'],
    ['a leading space', ' padded', '" padded"'],
    ['a formula', '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a leading minus in text', '-tired', "'-tired"],
  ])('writes text with %s so a spreadsheet reads it back as typed', (_case, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers and booleans as they are, negative numbers included, and null as an empty cell', () => {
    expect([csvCell(-0.5), csvCell(610.5), csvCell(true), csvCell(false), csvCell(null)]).toEqual([
      '-0.5',
      '610.5',
      'true',
      'false',
      '',
    ]);
  });
});

describe('csvOf', () => {
  it('writes a header of the columns and one CRLF line per row, missing fields empty', () => {
    const csv = csvOf({
      columns: ['id', 'name', 'grams'],
      rows: [
        { id: 'a', name: 'Oats', grams: 40 },
        { id: 'b', name: 'Tea, green' },
      ],
    });

    expect(csv).toBe('id,name,grams\r\na,Oats,40\r\nb,"Tea, green",\r\n');
  });
});

describe('tablesOf', () => {
  it('joins the pages of a part and puts its rows in date order', () => {
    const meals = tablesOf(samplePages()).get('meals');

    expect(meals?.rows.map((row) => row.id)).toEqual(['m9', 'ma', 'm2']);
    expect(meals?.columns).toEqual(COLUMNS.meals);
  });
});

describe('exportDocument', () => {
  it('holds the profile and settings as objects and every other part as a list', () => {
    const document = JSON.parse(exportDocument(samplePages(), new Date('2024-04-01T10:00:00Z'))) as Record<
      string,
      unknown
    >;

    expect(document.exportedAt).toBe('2024-04-01T10:00:00.000Z');
    expect(document.profile).toMatchObject({ username: 'ana', email: 'ana@example.com' });
    expect(document.settings).toBeNull();
    expect((document.meals as ExportRow[]).map((row) => row.name)).toEqual(['Oats', 'Rice,\nbeans', 'Soup']);
    for (const part of ['activities', 'foods', 'weighIns', 'friendships', 'chatMessages']) {
      expect(document[part]).toEqual([]);
    }
    expect(document.tracks).toEqual([{ ...TRACK_ROW, points: POINTS }]);
  });
});

describe('zipOfCsv', () => {
  it('holds one UTF-8 CSV per part, quoted where needed', async () => {
    const files = unzipSync(await zipOfCsv(samplePages()));

    expect(Object.keys(files).sort()).toEqual(
      [...Object.values(CSV_FILE_NAMES), 'tracks/2024-03-01-run-t1.gpx'].sort(),
    );
    const bytes = files['meals.csv'] ?? new Uint8Array();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(bytes.subarray(3))).toBe(
      'id,eatenAt,mealType,name,caloriesKcal\r\n' +
        'm9,2024-03-01T08:00:00.000Z,breakfast,Oats,280\r\n' +
        'ma,2024-03-01T19:00:00.000Z,dinner,"Rice,\nbeans",610.5\r\n' +
        'm2,2024-03-02T12:00:00.000Z,lunch,Soup,320\r\n',
    );
    expect(strFromU8(files['profile.csv'] ?? new Uint8Array())).toContain('"Ana, ""the runner"""');
  });
});

describe('zipOfCsv with progress photos', () => {
  it('holds each photo’s picture as downloaded, named by its day, pose and id', async () => {
    const picture = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    const row = {
      id: 'p1',
      takenOn: '2024-03-01T12:00:00.000Z',
      pose: 'side',
      file: 'https://x/photo-a.jpg',
    };

    const files = unzipSync(await zipOfCsv(samplePages(), [[photoFileName(row), picture]]));

    expect(photoFileName(row)).toBe('photos/2024-03-01-side-p1.jpg');
    expect([...(files['photos/2024-03-01-side-p1.jpg'] ?? [])]).toEqual([...picture]);
  });
});

describe('zipOfCsv with routes', () => {
  it('holds each route as a GPX file that reads back as the same workout', async () => {
    const files = unzipSync(await zipOfCsv(samplePages()));

    const run = parseWorkoutFile(strFromU8(files['tracks/2024-03-01-run-t1.gpx'] ?? new Uint8Array()), 'gpx');

    expect(run).toMatchObject({ type: 'run', startedAt: '2024-03-01T07:00:00.000Z', durationMin: 10 });
    expect(run.track).toEqual(POINTS);
  });
});

describe('progressText', () => {
  it('names the part being pulled and counts from 1', () => {
    expect(progressText({ partsDone: 3, partCount: 8, current: 'meals' })).toBe('Exporting meals… 4 of 8');
    expect(progressText({ partsDone: 8, partCount: 8, current: null })).toBe('Export ready: 8 of 8 parts.');
  });
});

describe('downloadMyData', () => {
  function captureDownload() {
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    return saved;
  }

  it('reports progress part by part and downloads one JSON file', async () => {
    exportPages.pages = samplePages();
    const saved = captureDownload();
    const progress: ExportProgress[] = [];

    await downloadMyData(
      'json',
      (step) => progress.push(step),
      () => new Date('2024-04-01T10:00:00Z'),
    );

    expect(progress[0]).toEqual({ partsDone: 0, partCount: EXPORT_PARTS.length, current: 'profile' });
    expect(progress.find((step) => step.current === 'meals' && step.partsDone === 3)).toBeDefined();
    expect(progress.at(-1)).toEqual({
      partsDone: EXPORT_PARTS.length,
      partCount: EXPORT_PARTS.length,
      current: null,
    });
    expect(progress.map((step) => step.partsDone)).toEqual(
      [...progress.map((step) => step.partsDone)].sort((a, b) => a - b),
    );
    expect(saved.map((file) => file.name)).toEqual(['fitstreak-data-2024-04-01.json']);
    const document = JSON.parse((await saved[0]?.blob.text()) ?? '{}') as { meals?: unknown[] };
    expect(document.meals).toHaveLength(3);
  });

  it('downloads a zip of CSV files, leaving no link behind', async () => {
    exportPages.pages = samplePages();
    const saved = captureDownload();

    await downloadMyData(
      'csv',
      () => undefined,
      () => new Date('2024-04-01T10:00:00Z'),
    );

    expect(saved.map((file) => file.name)).toEqual(['fitstreak-data-2024-04-01.zip']);
    const files = unzipSync(new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer()));
    // One CSV file per part but the routes, which are one GPX file each (the sample has one).
    expect(Object.keys(files)).toHaveLength(Object.keys(CSV_FILE_NAMES).length + 1);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
