import { lazy, Suspense, useState } from 'react';
import {
  Link,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import { StaleNotice } from '@/components/StaleNotice';
import { WEIGHT_UNITS } from '@/domain/contract';
import type { Units, WeightUnit } from '@/domain/units';
import type { MeasurementImportRow } from '@/domain/bodyMeasurements';
import { WEIGHT_RANGES, type WeightEntryRow, type WeightRange, type WeightSummary } from '@/domain/weight';
import { saveMySettings } from '@/features/settings';
import {
  GoalWindow,
  ImportWindow,
  UnitSwitch,
  WeightEditWindow,
  WeightEntries,
  WeightStats,
  deleteWeighIn,
  importWeighIns,
  loadWeightSummary,
  parseGoalForm,
  parseWeightForm,
  saveWeighIn,
  withWaitingWeighIns,
  type WeightActionResult,
  WEIGHT_FIELD_NAMES,
} from '@/features/weight';
import type { MeasurementActionResult, MeasurementsView } from '@/features/measurements';
import { t, useT, type MessageId, type Translator } from '@/i18n';
import { formText } from '@/lib/formValues';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { waitingChanges } from '@/lib/offline/outbox';
import { loadFailure, requireSignedIn } from '../guards';
import { requireValidSearch } from '../validity';
import { useLogRequest } from '../logRequest';
import { refusedByServer, refusedFields, refusedWith, runIntent, type Intents } from '@/lib/routeActions';

const WeightChart = lazy(() => import('@/features/weight/components/WeightChart'));
const MeasurementsSection = lazy(() => import('@/features/measurements/components/MeasurementsSection'));
/** The measurements' reads and writes, fetched beside the page's own code so its first chunk stays small. */
const measurementsFeature = () => import('@/features/measurements');

/** What the page's windows are answered: a weigh-in's, the goal's, the unit's or the measurements'. */
type WeightPageResult = WeightActionResult | MeasurementActionResult;
// Photos load their own rows and pictures in a chunk of their own, after the page shows.
const ProgressPhotos = lazy(() => import('@/features/photos/ProgressPhotos'));

const RANGE_LABELS: Readonly<Record<WeightRange, MessageId>> = {
  '1m': 'weight.range.oneMonth',
  '3m': 'weight.range.threeMonths',
  '1y': 'weight.range.oneYear',
  all: 'weight.range.all',
};

/** What the chart's place says when the range holds no saved weigh-in. */
function emptyChartNote({ entries, page, range }: WeightSummary, t: Translator): string {
  if (entries.some((entry) => entry.sync !== undefined)) {
    return t('weight.page.chartWaiting');
  }
  if (entries.length === 0 && page === 0) {
    return t('weight.page.chartFirst');
  }
  return t('weight.page.chartEmptyRange', { range: t(RANGE_LABELS[range]) });
}

const isRange = (value: string): value is WeightRange => (WEIGHT_RANGES as readonly string[]).includes(value);
const isPage = (value: string) => /^[1-9]\d{0,4}$/.test(value);
const isUnit = (value: unknown): value is WeightUnit =>
  typeof value === 'string' && (WEIGHT_UNITS as readonly string[]).includes(value);

/** How far back each range reaches, as the weight summary counts it (cloud/functions/weight.ts). */
const RANGE_DAYS: Readonly<Record<Exclude<WeightRange, 'all'>, number>> = { '1m': 30, '3m': 91, '1y': 365 };

function rangeStart(range: WeightRange, now = new Date()): Date | null {
  if (range === 'all') return null;
  const start = new Date(now);
  start.setDate(start.getDate() - RANGE_DAYS[range]);
  start.setHours(0, 0, 0, 0);
  return start;
}

interface LoaderData {
  summary: WeightSummary | null;
  /** The body measurements of the range; null when they could not be loaded (the weights still show). */
  measurements: MeasurementsView | null;
  /** When the summary shown was loaded, if it is this device's copy (offline). */
  savedAt: string | null;
  loadError: string | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const params = requireValidSearch(request, { range: isRange, page: isPage });
  const range = params.get('range') ?? '3m';
  await requireSignedIn(request);
  try {
    const query = {
      range: isRange(range) ? range : '3m',
      page: Number(params.get('page') ?? '1') - 1,
    } as const;
    const [loaded, waiting, measured] = await Promise.all([
      loadOrLastLoaded(`weight:${query.range}:${query.page}`, () => loadWeightSummary(query)),
      waitingChanges(),
      measurementsFeature()
        .then(async (feature) => {
          const { data } = await loadOrLastLoaded(`measurements:${query.range}`, () =>
            feature.loadBodyMeasurements(rangeStart(query.range)),
          );
          return feature.withWaitingMeasurements(data, await waitingChanges());
        })
        .catch(() => null),
    ]);
    return {
      summary: withWaitingWeighIns(loaded.data, waiting),
      measurements: measured,
      savedAt: loaded.savedAt,
      loadError: null,
    };
  } catch (error) {
    return { summary: null, measurements: null, savedAt: null, loadError: loadFailure(request, error) };
  }
}

/** The rows an import window sends; the server checks each. */
function readRows<Row>(form: FormData): Row[] {
  const value = form.get('rows');
  try {
    const rows: unknown = typeof value === 'string' ? JSON.parse(value) : [];
    return Array.isArray(rows) ? (rows as Row[]) : [];
  } catch {
    return [];
  }
}

const unitsOf = (form: FormData): Units => (form.get('units') === 'imperial' ? 'imperial' : 'metric');

async function importMeasurementRows(form: FormData, dryRun: boolean): Promise<MeasurementActionResult> {
  const { importBodyMeasurements } = await measurementsFeature();
  const result = await importBodyMeasurements(readRows<MeasurementImportRow>(form), dryRun);
  return dryRun
    ? { kind: 'checked', wouldImport: result.wouldImport, duplicates: result.duplicates }
    : { kind: 'imported', count: result.imported };
}

/** The unit the form's weights are in (kg when it names none). */
function unitOf(form: FormData): WeightUnit {
  const unit = form.get('unit');
  return isUnit(unit) ? unit : 'kg';
}

async function importRows(form: FormData, dryRun: boolean): Promise<WeightActionResult> {
  const result = await importWeighIns(readRows<{ measuredAt: string; weightKg: number }>(form), dryRun);
  return dryRun
    ? { kind: 'checked', wouldImport: result.wouldImport, duplicates: result.duplicates }
    : { kind: 'imported', count: result.imported };
}

/** The weight page's actions, by the form's intent. */
const INTENTS = {
  save: async (form) => {
    const parsed = parseWeightForm(form, unitOf(form));
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    const id = form.get('id');
    await saveWeighIn(parsed.input, typeof id === 'string' && id ? id : undefined);
    return { kind: 'done' };
  },
  delete: async (form) => {
    const id = form.get('id');
    if (typeof id === 'string' && id) await deleteWeighIn(id);
    return { kind: 'done' };
  },
  goal: async (form) => {
    const parsed = parseGoalForm(form, unitOf(form));
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    await saveMySettings(parsed.patch);
    return { kind: 'done' };
  },
  unit: async (form) => {
    const weightUnit = form.get('weightUnit');
    if (!isUnit(weightUnit)) return refusedWith(t('weight.page.chooseUnit'));
    await saveMySettings({ weightUnit, units: weightUnit === 'kg' ? 'metric' : 'imperial' });
    return { kind: 'done' };
  },
  importPreview: (form) => importRows(form, true),
  import: (form) => importRows(form, false),
  measurementSave: async (form) => {
    const { parseMeasurementForm, saveBodyMeasurement } = await measurementsFeature();
    const parsed = parseMeasurementForm(form, unitsOf(form));
    if ('fieldErrors' in parsed) {
      return parsed.formError ? refusedWith(parsed.formError) : refusedFields(parsed.fieldErrors);
    }
    const id = form.get('id');
    await saveBodyMeasurement(parsed.input, typeof id === 'string' && id ? id : undefined);
    return { kind: 'done' };
  },
  measurementDelete: async (form) => {
    const id = form.get('id');
    if (typeof id === 'string' && id) await (await measurementsFeature()).deleteBodyMeasurement(id);
    return { kind: 'done' };
  },
  measurementImportPreview: (form) => importMeasurementRows(form, true),
  measurementImport: (form) => importMeasurementRows(form, false),
} satisfies Intents<WeightPageResult>;

export async function action({ request }: ActionFunctionArgs): Promise<WeightPageResult> {
  const form = await request.formData();
  // The measurement windows' fields go by the measurements' names, the others' by the weigh-in's.
  const names = formText(form, 'intent').startsWith('measurement')
    ? (await measurementsFeature()).MEASUREMENT_FIELD_NAMES
    : WEIGHT_FIELD_NAMES;
  return runIntent<WeightPageResult>(form, INTENTS, (error) => refusedByServer(error, names));
}

export function Component() {
  const t = useT();
  const { summary, measurements, savedAt, loadError } = useLoaderData<LoaderData>();
  if (!summary) {
    return (
      <PageLoadFailure
        title={t('weight.page.title')}
        sentence={t('weight.page.loadFailed')}
        reason={loadError}
      />
    );
  }
  return <WeightPage summary={summary} measurements={measurements} savedAt={savedAt} />;
}

type Window = { kind: 'entry'; entry: WeightEntryRow | null } | { kind: 'goal' } | { kind: 'import' } | null;

function WeightPage({
  summary,
  measurements,
  savedAt,
}: {
  summary: WeightSummary;
  measurements: MeasurementsView | null;
  savedAt: string | null;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const [open, setOpen] = useState<Window>(null);
  const close = () => setOpen(null);
  useLogRequest('weigh-in', () => setOpen({ kind: 'entry', entry: null }));
  const unit = summary.weightUnit;
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  return (
    <PageFrame title={t('weight.page.title')}>
      <StaleNotice savedAt={savedAt} />
      <div className="page-actions">
        <button
          type="button"
          className="button-primary"
          onClick={() => setOpen({ kind: 'entry', entry: null })}
        >
          {t('weight.page.add')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setOpen({ kind: 'goal' })}>
          {t('weight.page.goal')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setOpen({ kind: 'import' })}>
          {t('weight.page.import')}
        </button>
        <UnitSwitch key={unit} unit={unit} />
      </div>
      <div className="weight-layout">
        <section className="card weight-chart-card" aria-labelledby="chart-heading">
          <div className="card-header">
            <h2 id="chart-heading">{t('weight.page.chart')}</h2>
            <nav aria-label={t('weight.page.chartRange')} className="range-links">
              {WEIGHT_RANGES.map((range) => (
                <Link
                  key={range}
                  to={link({ range, page: null })}
                  aria-current={summary.range === range ? 'true' : undefined}
                >
                  {t(RANGE_LABELS[range])}
                </Link>
              ))}
            </nav>
          </div>
          {summary.points.length === 0 ? (
            <p className="empty-note chart-empty">{emptyChartNote(summary, t)}</p>
          ) : (
            <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
              <WeightChart points={summary.points} goalWeightKg={summary.goalWeightKg} unit={unit} />
            </Suspense>
          )}
        </section>
        <WeightStats summary={summary} unit={unit} />
        <WeightEntries
          entries={summary.entries}
          unit={unit}
          page={summary.page}
          pageCount={summary.pageCount}
          pageLink={(page) => link({ page: page === 0 ? null : String(page + 1) })}
          onEdit={(entry) => setOpen({ kind: 'entry', entry })}
        />
      </div>
      {measurements ? (
        <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
          <MeasurementsSection
            view={measurements}
            rangeLabel={summary.range === 'all' ? null : t(RANGE_LABELS[summary.range])}
          />
        </Suspense>
      ) : (
        <p className="empty-note">{t('weight.measurements.loadFailed')}</p>
      )}
      <Suspense fallback={null}>
        <ProgressPhotos />
      </Suspense>
      <WeightEditWindow
        open={open?.kind === 'entry'}
        onClose={close}
        entry={open?.kind === 'entry' ? open.entry : null}
        unit={unit}
        // The newest weigh-in heads the first page; on a later page, the last day of the chart.
        lastWeightKg={summary.page === 0 ? summary.entries[0]?.weightKg : summary.points.at(-1)?.weightKg}
      />
      <GoalWindow
        open={open?.kind === 'goal'}
        onClose={close}
        unit={unit}
        goalWeightKg={summary.goalWeightKg}
        heightCm={summary.heightCm}
      />
      <ImportWindow open={open?.kind === 'import'} onClose={close} unit={unit} />
    </PageFrame>
  );
}
