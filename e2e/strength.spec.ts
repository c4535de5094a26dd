import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from './pages/ActivityPage';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs, runAs, type TestAccount } from './support/api';
import { logInAs, openSignedIn } from './support/session';

async function signedIn(page: Page): Promise<ActivityPage> {
  const shell = await openSignedIn(page, await createAccount());
  await shell.expectHeading('Today');
  return new ActivityPage(page);
}

/** A new strength workout of one squat set (5 × 100 kg), kept as the routine "Leg day"; its window stays open. */
async function logSquatsAsLegDay(activity: ActivityPage) {
  await activity.openNew();
  await activity.fill({ type: 'Strength', duration: '45' });
  const window = activity.window();
  await activity.pickExercise('back squat', 'Barbell Back Squat');
  await window.getByLabel('Set 1 reps').fill('5');
  await window.getByLabel('Set 1 weight (kg)').fill('100');
  await window.getByRole('button', { name: 'Save as routine' }).click();
  await window.getByLabel('Routine name').fill('Leg day');
  await window.getByRole('button', { name: 'Save routine' }).click();
  await expect(window.getByText('Saved as the routine “Leg day”.')).toBeVisible();
  return window;
}

test.describe('a strength workout in the workout window', () => {
  test('logs an exercise with two sets and a rest, saves it in one go and shows its sets again', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '18:00', duration: '50' });
    const window = activity.window();
    await activity.pickExercise('bench press', 'Barbell Bench Press');

    const bench = window.getByRole('listitem').filter({ hasText: 'Barbell Bench Press' });
    await bench.getByLabel('Set 1 reps').fill('8');
    await bench.getByLabel('Set 1 weight (kg)').fill('60');
    await bench.getByRole('button', { name: 'Add set' }).click();
    await expect(bench.getByLabel('Set 2 weight (kg)')).toHaveValue('60');
    await bench.getByLabel('Set 1 done').check();
    await expect(window.getByRole('timer', { name: 'Rest left' })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/parse/classes/Activity'))
        creates.push(request.url());
    });
    await activity.save();
    await expect(window).toBeHidden();
    await expect(activity.workouts()).toHaveCount(1);
    await expect(activity.workouts().first()).toContainText('Strength');
    expect(creates).toHaveLength(1);

    await activity.openSummary(activity.workouts().first());
    await expect(activity.summary().getByRole('region', { name: 'Exercises' })).toContainText(
      'Set 2: 60 kg × 8',
    );
    await activity.chooseInSummary('Edit');
    const again = activity.window().getByRole('listitem').filter({ hasText: 'Barbell Bench Press' });
    await expect(again.getByLabel('Set 2 reps')).toHaveValue('8');
    await expect(again.getByLabel('Set 2 weight (kg)')).toHaveValue('60');
    await activity.window().getByRole('button', { name: 'Close' }).click();

    // The next workout offers it first, with what was done last time.
    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '19:00', duration: '40' });
    const recent = activity.window().getByRole('list', { name: 'Recent' });
    await recent.getByRole('button', { name: /^Barbell Bench Press/ }).click();
    await expect(activity.window().getByText(/^Last time: .*60 kg/)).toBeVisible();
    await activity.window().getByLabel('Set 1 reps').fill('8');
    await activity.window().getByLabel('Set 1 weight (kg)').fill('65');
    await activity.save();

    // Heavier than last time: the server marks the set as soon as the workout is saved.
    const heavier = activity.workouts().filter({ hasText: '40 min' });
    await expect(heavier).toContainText('1 exercise · 1 set · 1 set with a personal record');
    await activity.openSummary(heavier);
    await expect(
      activity
        .summary()
        .getByRole('listitem')
        .filter({ hasText: /^Set 1:/ }),
    ).toContainText(/Personal record: .*heaviest weight/);
    await activity.summary().getByRole('button', { name: 'Close' }).click();

    // The start page shows how the lift progresses, with its records in words.
    const progress = page.getByRole('region', { name: 'Strength progress' });
    await expect(progress.getByLabel('Exercise')).toHaveValue(/.+/);
    await expect(
      progress.getByRole('img', { name: /Barbell Bench Press: estimated one-rep max/ }),
    ).toBeVisible();
    await expect(progress.getByText(/^65 kg × 8, /)).toBeVisible();
    await expect(
      progress.getByRole('img', { name: 'Working sets per muscle this week: Chest 3' }),
    ).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
  });

  test('keeps a workout as a routine and starts the next workout from it with its sets', async ({ page }) => {
    const activity = await signedIn(page);
    const window = await logSquatsAsLegDay(activity);
    await window.getByRole('button', { name: 'Close' }).click();
    await expect(activity.workouts()).toHaveCount(0);

    await activity.openNew();
    await activity.fill({ type: 'Strength', duration: '45' });
    await activity.window().getByLabel('Routine', { exact: true }).selectOption({ label: 'Leg day' });
    await activity.window().getByRole('button', { name: 'Start from routine' }).click();
    await expect(activity.window().getByRole('heading', { name: 'Barbell Back Squat' })).toBeVisible();
    await expect(activity.window().getByLabel('Set 1 weight (kg)')).toHaveValue('100');
    await activity.save();
    await expect(activity.workouts().first()).toContainText('1 exercise · 1 set');
  });

  test('starts from a routine, logs three exercises with the rest timer, and shows a new record and the workout on the calendar', async ({
    page,
  }) => {
    const account = await createAccount();
    /** A catalogue exercise's id, found by its name as the picker finds it. */
    const catalogueId = async (name: string) => {
      const found = await runAs(account, 'searchExercises', { query: name });
      const exercise = found.find((row) => row.name === name);
      if (!exercise) throw new Error(`no catalogue exercise named ${name}`);
      return exercise.id;
    };
    const [bench, squat, row] = await Promise.all(
      ['Barbell Bench Press', 'Barbell Back Squat', 'Barbell Bent-Over Row'].map(catalogueId),
    );
    await requestAs(account, 'POST', 'classes/Routine', {
      name: 'Full body',
      exercises: [
        {
          exerciseId: bench,
          sets: [
            { reps: 8, weightKg: 60 },
            { reps: 8, weightKg: 65 },
          ],
        },
        { exerciseId: squat, sets: [{ reps: 5, weightKg: 100 }] },
        { exerciseId: row, sets: [{ reps: 10, weightKg: 50 }] },
      ],
    });
    const shell = await openSignedIn(page, account);
    await shell.expectHeading('Today');
    const activity = new ActivityPage(page);

    await activity.openNew();
    await activity.fill({ type: 'Strength', duration: '60' });
    const window = activity.window();
    await window.getByLabel('Routine', { exact: true }).selectOption({ label: 'Full body' });
    await window.getByRole('button', { name: 'Start from routine' }).click();
    await expect(window.getByRole('heading', { level: 4 })).toHaveText([
      'Barbell Bench Press',
      'Barbell Back Squat',
      'Barbell Bent-Over Row',
    ]);

    // Each set ticked done starts the rest; the next set waits until it is skipped.
    const timer = window.getByRole('region', { name: 'Rest timer' });
    for (const name of ['Barbell Bench Press', 'Barbell Back Squat', 'Barbell Bent-Over Row']) {
      const exercise = window.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await exercise.getByLabel('Set 1 done').check();
      await expect(timer.getByRole('timer', { name: 'Rest left' })).toBeVisible();
      await timer.getByRole('button', { name: 'Skip' }).click();
      await expect(timer.getByRole('timer', { name: 'Rest left' })).toBeHidden();
    }
    await activity.save();
    await expect(window).toBeHidden();

    // The second bench set is heavier than the first: the server marks it at once.
    await expect(activity.workouts().first()).toContainText(
      '3 exercises · 4 sets · 1 set with a personal record',
    );
    await expect(activity.today()).toHaveAccessibleName(/, today, .*1 workout/);
  });

  test('edits a routine in the workout window: new targets, a new name, a copy, and a delete', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    const window = await logSquatsAsLegDay(activity);

    // Heavier targets: change the set, then keep it as the routine's.
    const routine = window.getByLabel('Routine', { exact: true });
    await routine.selectOption({ label: 'Leg day' });
    await window.getByLabel('Set 1 weight (kg)').fill('105');
    await window.getByRole('button', { name: 'Update routine' }).click();
    await expect(
      window.getByText('The routine “Leg day” now has this workout’s exercises and sets.'),
    ).toBeVisible();

    await window.getByRole('button', { name: 'Rename' }).click();
    await window.getByLabel('Routine name').fill('Legs A');
    await window.getByLabel('Routine name').press('Enter');
    await expect(window.getByText('Renamed to “Legs A”.')).toBeVisible();
    await window.getByRole('button', { name: 'Duplicate' }).click();
    await window.getByRole('button', { name: 'Save copy' }).click();
    await expect(window.getByText('Saved a copy as “Legs A copy”.')).toBeVisible();
    await expect(routine).toHaveValue(/.+/);
    await window.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(window.getByRole('group', { name: 'Confirm delete' })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    await window.getByRole('button', { name: 'Delete routine' }).click();
    await expect(
      window.getByText('Deleted the routine “Legs A copy”. Workouts started from it stay.'),
    ).toBeVisible();
    await window.getByRole('button', { name: 'Close' }).click();

    // What the server kept: one routine, renamed, with the new targets.
    await activity.openNew();
    await activity.fill({ type: 'Strength', duration: '45' });
    const next = activity.window().getByLabel('Routine', { exact: true });
    await expect(next.getByRole('option')).toHaveText(['Choose a routine', 'Legs A']);
    await next.selectOption({ label: 'Legs A' });
    await activity.window().getByRole('button', { name: 'Start from routine' }).click();
    await expect(activity.window().getByLabel('Set 1 weight (kg)')).toHaveValue('105');
  });

  test('adds an exercise of ones own that the catalogue lacks, and offers it again next time', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '07:00', duration: '30' });
    const window = activity.window();
    await window.getByLabel('Search exercises').fill('Prowler sprint');
    await window.getByRole('button', { name: 'Create “Prowler sprint” as your own exercise' }).click();
    await expect(window.getByLabel('Exercise name')).toHaveValue('Prowler sprint');
    await window.getByLabel('Each set records').selectOption({ label: 'Distance' });
    await window.getByLabel('Kind').selectOption({ label: 'Other' });
    await window.getByLabel('Main muscle').selectOption({ label: 'Quadriceps' });
    expect(await violationsOn(page)).toEqual([]);
    await window.getByRole('button', { name: 'Create exercise' }).click();

    await expect(window.getByRole('heading', { name: 'Prowler sprint' })).toBeVisible();
    await window.getByLabel('Set 1 distance (m)').fill('40');
    await window.getByLabel('Set 1 time').fill('0:12');
    await activity.save();
    await expect(activity.workouts().first()).toContainText('1 exercise · 1 set');

    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '18:00', duration: '30' });
    await activity.window().getByLabel('Search exercises').fill('prowler');
    await expect(
      activity.window().getByRole('button', { name: /^Prowler sprint.*My exercise/ }),
    ).toBeVisible();
  });

  test('can be logged with the keyboard alone: type, exercise, a set, done, save', async ({ page }) => {
    const activity = await signedIn(page);
    const add = page.getByRole('button', { name: 'Log a workout' });
    await add.focus();
    await page.keyboard.press('Enter');
    const window = activity.window();
    const type = window.getByLabel('Type');
    await expect(type).toBeFocused();
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown'); // Running → Strength
    await expect(type).toHaveValue('strength');

    /** Tabs (or shift-tabs) until `field` has focus (past the date and time parts, whose count varies). */
    const tabTo = async (field: ReturnType<typeof window.getByLabel>, key = 'Tab') => {
      for (
        let tab = 0;
        tab < 20 && !(await field.evaluate((node) => node === document.activeElement));
        tab++
      ) {
        await page.keyboard.press(key);
      }
      await expect(field).toBeFocused();
    };
    await tabTo(window.getByLabel('Duration (min)'));
    await page.keyboard.type('45');
    await tabTo(window.getByLabel('Search exercises'));
    await page.keyboard.type('barbell bench press');
    // Enter picks the first of the latest answer: wait until it is the one typed for.
    await expect(
      window.getByRole('list', { name: 'Search results' }).getByRole('button').first(),
    ).toContainText('Barbell Bench Press');
    await page.keyboard.press('Enter');
    await expect(window.getByRole('heading', { name: 'Barbell Bench Press' })).toBeVisible();

    const reps = window.getByLabel('Set 1 reps');
    await expect(reps).toBeFocused();
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await page.keyboard.type('60');
    await tabTo(window.getByLabel('Set 1 done'));
    await page.keyboard.press('Space');
    await expect(window.getByRole('timer', { name: 'Rest left' })).toBeVisible();
    await tabTo(reps, 'Shift+Tab');
    await page.keyboard.press('Enter');

    await expect(window).toBeHidden();
    await expect(add).toBeFocused();
    await expect(activity.workouts().first()).toContainText('1 exercise · 1 set');
  });

  test('ends a rest with two beeps and a vibration, and says the next set is due', async ({ page }) => {
    // What the page asks of the speaker and the vibration motor is recorded, not replaced.
    await page.addInitScript(() => {
      const heard = { beeps: 0, vibrations: [] as unknown[] };
      Object.assign(window, { restSignals: heard });
      const start: unknown = Reflect.get(OscillatorNode.prototype, 'start');
      OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: unknown[]) {
        heard.beeps += 1;
        Reflect.apply(start as (...values: unknown[]) => void, this, args);
      };
      navigator.vibrate = (pattern) => {
        heard.vibrations.push(pattern);
        return true;
      };
    });
    await page.clock.install();
    const activity = await signedIn(page);
    await activity.openNew();
    await activity.fill({ type: 'Strength', duration: '30' });
    const window = activity.window();
    await activity.pickExercise('bench press', 'Barbell Bench Press');
    await window.getByLabel('Rest after each set of Barbell Bench Press').selectOption({ label: '0:45' });
    await window.getByLabel('Set 1 reps').fill('8');
    await window.getByLabel('Set 1 done').check();
    const left = window.getByRole('timer', { name: 'Rest left' });
    await expect(left).toHaveText('0:45');

    await page.clock.fastForward(46_000);

    await expect(window.getByText('Rest over. Time for the next set.')).toBeVisible();
    await expect(left).toBeHidden();
    const signals = await page.evaluate(
      () => (window as unknown as { restSignals: { beeps: number; vibrations: unknown[] } }).restSignals,
    );
    expect(signals).toEqual({ beeps: 2, vibrations: [[200, 100, 200]] });
  });

  test('comes back after a reload with its sets and its rest still running, and is gone once saved', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '17:30', duration: '55', notes: 'heavy week' });
    const window = activity.window();
    await activity.pickExercise('bench press', 'Barbell Bench Press');
    await window.getByLabel('Rest after each set of Barbell Bench Press').selectOption({ label: '5:00' });
    await window.getByLabel('Set 1 reps').fill('5');
    await window.getByLabel('Set 1 weight (kg)').fill('80');
    await window.getByRole('button', { name: 'Add set' }).click();
    await window.getByLabel('Set 1 done').check();
    await expect(window.getByRole('timer', { name: 'Rest left' })).toBeVisible();

    await page.reload();

    await expect(window).toBeVisible();
    await expect(
      window.getByText('Carried on where you left it: the workout you were logging on this device.'),
    ).toBeVisible();
    await expect(window.getByLabel('Type')).toHaveValue('strength');
    await expect(window.getByLabel('Start time')).toHaveValue('17:30');
    await expect(window.getByLabel('Duration (min)')).toHaveValue('55');
    await expect(window.getByLabel('Notes')).toHaveValue('heavy week');
    await expect(window.getByRole('heading', { name: 'Barbell Bench Press' })).toBeVisible();
    await expect(window.getByLabel('Set 2 weight (kg)')).toHaveValue('80');
    await expect(window.getByLabel('Rest after each set of Barbell Bench Press')).toHaveValue('300');
    await expect(window.getByRole('timer', { name: 'Rest left' })).toHaveText(/^4:/);
    await activity.save();
    await expect(window).toBeHidden();
    await expect(activity.workouts()).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(activity.workouts()).toHaveCount(1);
    await expect(window).toBeHidden();
  });

  test('names the faulty set and saves nothing when a weight is out of range', async ({ page }) => {
    const activity = await signedIn(page);
    await activity.openNew();
    await activity.fill({ type: 'Strength', duration: '30' });
    const window = activity.window();
    await activity.pickExercise('bench press', 'Barbell Bench Press');
    await window.getByLabel('Set 1 reps').fill('5');
    await window.getByLabel('Set 1 weight (kg)').fill('1500');
    await activity.save();

    await expect(window.getByText('Some exercises need fixing: see the marked sets.')).toBeVisible();
    await expect(window.getByLabel('Set 1 weight (kg)')).toHaveAttribute('aria-invalid', 'true');
    await window.getByRole('button', { name: 'Close' }).click();
    await expect(activity.workouts()).toHaveCount(0);
  });

  test('on a 375 px phone: starts a routine in one tap, fills last time’s numbers with one more, keeps the ticks, and nothing leaves the window', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const account = await createAccount();
    const [benchRow] = await runAs(account, 'searchExercises', { query: 'Barbell Bench Press', limit: 1 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await requestAs(account, 'POST', 'classes/Activity', {
      type: 'strength',
      startedAt: { __type: 'Date', iso: yesterday },
      durationMin: 45,
      exercises: [
        {
          exerciseId: benchRow?.id,
          sets: [
            { reps: 8, weightKg: 60, done: true },
            { reps: 6, weightKg: 62.5 },
          ],
        },
      ],
    });
    await requestAs(account, 'POST', 'classes/Routine', {
      name: 'Push day',
      exercises: [
        {
          exerciseId: benchRow?.id,
          sets: [
            { reps: 8, weightKg: 55 },
            { reps: 8, weightKg: 55 },
          ],
        },
      ],
    });
    const shell = await openSignedIn(page, account);
    await shell.expectHeading('Today');
    const activity = new ActivityPage(page);
    // From the "+" in the bottom bar a strength workout from a routine is four taps with nothing
    // typed: "Log", "Strength workout", the routine, Save (ticking sets done is optional).
    const bar = shell.nav();
    await bar.getByRole('button', { name: 'Log' }).click();
    await bar.getByRole('link', { name: 'Strength workout' }).click();
    const window = activity.window();
    await expect(window.getByLabel('Type')).toHaveValue('strength');
    // What a strength workout does not have is not asked.
    await expect(window.getByLabel(/^Distance/)).toHaveCount(0);

    await window.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Push day' }).click();
    await expect(window.getByLabel('Duration (min)')).toHaveValue('45');
    const bench = window.getByRole('listitem').filter({ hasText: 'Barbell Bench Press' });
    await bench.getByRole('button', { name: 'Set 2: same as last time, 6 × 62.5 kg' }).click();
    await expect(bench.getByLabel('Set 2 weight (kg)')).toHaveValue('62.5');
    await expect(bench.getByLabel('Set 2 reps')).toHaveValue('6');
    await bench.getByLabel('Set 1 done').check();

    // Every control shown lies within the window, and the page does not scroll sideways.
    const box = await window.boundingBox();
    const outside = await window.locator('input, select, button, th, td').evaluateAll((nodes, frame) => {
      if (!frame) return ['no window'];
      return nodes.flatMap((node) => {
        const { left, right, width } = node.getBoundingClientRect();
        const outOfFrame = left < frame.x - 0.5 || right > frame.x + frame.width + 0.5;
        return width > 0 && outOfFrame ? [`${node.outerHTML.slice(0, 60)} ${left}–${right}`] : [];
      });
    }, box);
    expect(outside).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - globalThis.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await violationsOn(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await violationsOn(page), 'dark').toEqual([]);

    // On a phone the picker is a sheet of the whole screen, its results in view while typing.
    await window.getByRole('button', { name: 'Add exercise', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Add exercise' });
    await sheet.getByLabel('Search exercises').fill('back squat');
    const squat = sheet.getByRole('button', { name: /^Barbell Back Squat/ });
    await expect(squat).toBeInViewport();
    await squat.click();
    await expect(sheet).toBeHidden();
    await expect(window.getByRole('heading', { name: 'Barbell Back Squat' })).toBeVisible();
    await window.getByRole('button', { name: 'Remove Barbell Back Squat' }).click();

    await activity.save();
    await expect(window).toBeHidden();
    await activity.openToEdit(activity.workouts().filter({ hasText: '45 min' }).last());
    await expect(window.getByLabel('Set 1 done')).toBeChecked();
    await expect(window.getByLabel('Set 2 done')).not.toBeChecked();
    await expect(window.getByLabel('Set 2 weight (kg)')).toHaveValue('62.5');
  });
});

interface SavedWorkout {
  durationMin: number;
  exercises: { sets: { reps?: number; done?: boolean }[] }[];
}

/** The person's strength workouts on the server, asked with their own session. */
async function savedWorkouts(account: TestAccount): Promise<SavedWorkout[]> {
  const { results } = await requestAs<{ results: SavedWorkout[] }>(
    account,
    'GET',
    'classes/Activity?order=durationMin',
  );
  return results;
}

test.describe('a strength workout without a network', () => {
  test.use({ serviceWorkers: 'allow' });
  // Three rounds of offline and back (a save, an edit, a delete), each waiting for the queue to
  // reach the server: 20–45 s beside another busy browser, more than the default 30 s allows.
  test.describe.configure({ timeout: 60_000 });

  test('starts from a routine offline, waits through a reload, and is saved once; an offline edit and delete follow', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    const shell = await logInAs(page, account);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    const activity = new ActivityPage(page);

    // Online first: a workout and a routine, as a person would have before the gym's basement.
    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '07:00', duration: '30' });
    await activity.pickExercise('bench press', 'Barbell Bench Press');
    await activity.window().getByLabel('Set 1 reps').fill('8');
    await activity.window().getByLabel('Set 1 weight (kg)').fill('60');
    await activity.window().getByRole('button', { name: 'Save as routine' }).click();
    await activity.window().getByLabel('Routine name').fill('Push day');
    await activity.window().getByRole('button', { name: 'Save routine' }).click();
    await expect(activity.window().getByText('Saved as the routine “Push day”.')).toBeVisible();
    await activity.save();
    await expect(activity.workouts()).toHaveCount(1);
    // Opened once more online: this device keeps the routines and the latest exercises.
    await activity.openNew();
    await activity.fill({ type: 'Strength' });
    await expect(activity.window().getByRole('list', { name: 'Recent' })).toContainText(
      'Barbell Bench Press',
    );
    await expect(activity.window().getByLabel('Routine', { exact: true })).toContainText('Push day');
    await activity.window().getByRole('button', { name: 'Close' }).click();

    await context.setOffline(true);
    await activity.openNew();
    await activity.fill({ type: 'Strength', time: '18:00', duration: '50' });
    await activity.window().getByLabel('Routine', { exact: true }).selectOption({ label: 'Push day' });
    await activity.window().getByRole('button', { name: 'Start from routine' }).click();
    await expect(activity.window().getByRole('heading', { name: 'Barbell Bench Press' })).toBeVisible();
    await activity.window().getByLabel('Set 1 reps').fill('10');
    await activity.window().getByLabel('Set 1 done').check();
    await activity.save();
    await expect(activity.window()).toBeHidden();
    const evening = activity.workouts().filter({ hasText: '50 min' });
    await expect(evening).toContainText('Waiting to sync');

    await page.reload();
    await expect(evening).toContainText('Waiting to sync');
    expect(await violationsOn(page)).toEqual([]);

    await context.setOffline(false);
    await expect(shell.statusBar()).toHaveText('Online', { timeout: 20_000 });
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    await expect
      .poll(async () => (await savedWorkouts(account)).map((workout) => workout.durationMin))
      .toEqual([30, 50]);
    expect((await savedWorkouts(account))[1]?.exercises[0]?.sets[0]).toEqual({
      reps: 10,
      weightKg: 60,
      done: true,
    });

    // An edit offline: the saved workout's sets change once the network is back.
    await context.setOffline(true);
    await activity.openToEdit(evening);
    await expect(activity.window().getByLabel('Set 1 reps')).toHaveValue('10');
    await expect(activity.window().getByLabel('Set 1 done')).toBeChecked();
    await activity.window().getByLabel('Set 1 reps').fill('12');
    await activity.save();
    await expect(evening).toContainText('Waiting to sync');
    await context.setOffline(false);
    await expect(page.getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(async () => (await savedWorkouts(account))[1]?.exercises[0]?.sets[0]?.reps).toBe(12);

    // And a delete offline: gone from the server once, the morning workout untouched.
    await context.setOffline(true);
    await activity.deleteWorkout(evening);
    await context.setOffline(false);
    await expect(page.getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () => (await savedWorkouts(account)).map((workout) => workout.durationMin))
      .toEqual([30]);
  });
});
