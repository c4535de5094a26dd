// The demo people's history, generated from a fixed seed: three months of someone losing weight
// slowly (weigh-ins most mornings, workouts a few times a week, meals from the food catalogue most
// days) and five weeks of two friends' training. Pure: the same day, zone and foods give the same rows.
import { addDays, dayOfWeek, startOfLocalDay } from '../../src/domain/calendarDays';
import type { ActivityType, MealType } from '../../src/domain/contract';
import { mulberry32 } from './seededRandom';

export type DemoPersonKey = 'me' | 'sam' | 'priya';

export interface DemoWorkout {
  type: ActivityType;
  startedAt: Date;
  durationMin: number;
  distanceKm?: number;
  notes?: string;
}

/** One food of a meal, as the nutrition log stores it: the server fills in its name and energy. */
export interface DemoMeal {
  eatenAt: Date;
  mealType: MealType;
  /** The catalogue food's name, exactly as the catalogue spells it. */
  food: string;
  grams: number;
}

export interface DemoWeighIn {
  measuredAt: Date;
  weightKg: number;
}

/** The Settings a person fills in on the settings page (the zone is added by the seed). */
export interface DemoSettings {
  heightCm: number;
  birthYear: number;
  sex: 'female' | 'male';
  activityLevel: number;
  goalWeightKg: number;
  weeklyRateKg: number;
  dailyCalorieGoal: number;
  weeklyActiveMinutesGoal: number;
  shareWeightProgress: boolean;
}

export interface DemoPerson {
  key: DemoPersonKey;
  displayName: string;
  settings: DemoSettings;
  weighIns: DemoWeighIn[];
  workouts: DemoWorkout[];
  meals: DemoMeal[];
}

export interface DemoMessage {
  author: DemoPersonKey;
  /** A topic room's activity, or the friend whose room with the demo person it is. */
  room: { topic: ActivityType } | { friend: Exclude<DemoPersonKey, 'me'> };
  text: string;
}

/** Three months, as the weight page's "3 months" range shows them. */
export const DEMO_HISTORY_DAYS = 91;
const FRIEND_HISTORY_DAYS = 35;
const SEED = 20261125;

interface Profile {
  displayName: string;
  settings: DemoSettings;
  startWeightKg: number;
  /** The trend's loss in the first week; it slows a little every week after. */
  lossKgPerWeek: number;
  days: number;
  weighInChance: number;
  /** Per day of the week (0 = Sunday): the workouts the person may do, each with its chance. */
  schedule: readonly (readonly [ActivityType, number])[][];
  logsMeals: boolean;
}

const PROFILES: Record<DemoPersonKey, Profile> = {
  me: {
    displayName: 'Alex Morgan',
    settings: {
      heightCm: 178,
      birthYear: 1988,
      sex: 'male',
      activityLevel: 1.55,
      goalWeightKg: 78,
      weeklyRateKg: -0.5,
      dailyCalorieGoal: 2100,
      weeklyActiveMinutesGoal: 180,
      shareWeightProgress: true,
    },
    startWeightKg: 88.6,
    lossKgPerWeek: 0.55,
    days: DEMO_HISTORY_DAYS,
    weighInChance: 0.85,
    schedule: [
      [
        ['yoga', 0.45],
        ['hike', 0.2],
      ],
      [['run', 0.8]],
      [['strength', 0.65]],
      [
        ['cycle', 0.35],
        ['swim', 0.25],
      ],
      [['strength', 0.55]],
      [['walk', 0.3]],
      [['run', 0.75]],
    ],
    logsMeals: true,
  },
  sam: {
    displayName: 'Sam Rivera',
    settings: {
      heightCm: 168,
      birthYear: 1991,
      sex: 'female',
      activityLevel: 1.725,
      goalWeightKg: 62,
      weeklyRateKg: -0.25,
      dailyCalorieGoal: 1900,
      weeklyActiveMinutesGoal: 240,
      shareWeightProgress: true,
    },
    startWeightKg: 67.2,
    lossKgPerWeek: 0.3,
    days: FRIEND_HISTORY_DAYS,
    weighInChance: 0.45,
    schedule: [
      [['cycle', 0.5]],
      [['run', 0.8]],
      [['cycle', 0.6]],
      [],
      [['run', 0.8]],
      [['hiit', 0.4]],
      [['run', 0.9]],
    ],
    logsMeals: false,
  },
  priya: {
    displayName: 'Priya Shah',
    settings: {
      heightCm: 163,
      birthYear: 1985,
      sex: 'female',
      activityLevel: 1.55,
      goalWeightKg: 58,
      weeklyRateKg: -0.25,
      dailyCalorieGoal: 1800,
      weeklyActiveMinutesGoal: 150,
      shareWeightProgress: false,
    },
    startWeightKg: 61.5,
    lossKgPerWeek: 0.2,
    days: FRIEND_HISTORY_DAYS,
    weighInChance: 0.3,
    schedule: [
      [['swim', 0.4]],
      [['yoga', 0.8]],
      [['swim', 0.7]],
      [['strength', 0.6]],
      [['yoga', 0.6]],
      [['row', 0.4]],
      [['hike', 0.5]],
    ],
    logsMeals: false,
  },
};

interface WorkoutShape {
  minutes: readonly [number, number];
  /** Speed range in km/h for workouts that cover a distance. */
  kmPerHour?: readonly [number, number];
  notes: readonly string[];
}

const WORKOUT_SHAPES: Record<ActivityType, WorkoutShape> = {
  run: {
    minutes: [25, 55],
    kmPerHour: [9, 11],
    notes: ['Easy run by the river', 'Intervals, 6 × 400 m', 'Tempo run'],
  },
  walk: { minutes: [30, 60], kmPerHour: [4.8, 5.6], notes: ['Walk after work'] },
  cycle: { minutes: [40, 90], kmPerHour: [21, 27], notes: ['Hilly loop', 'Commute the long way'] },
  swim: { minutes: [30, 45], kmPerHour: [2, 2.6], notes: ['Lengths, mostly crawl'] },
  strength: { minutes: [40, 60], notes: ['Squats, bench press, rows', 'Deadlifts and pull-ups'] },
  yoga: { minutes: [30, 60], notes: ['Vinyasa class'] },
  hiit: { minutes: [20, 30], notes: ['Tabata, 8 rounds'] },
  hike: { minutes: [100, 180], kmPerHour: [3.8, 4.6], notes: ['Ridge trail with friends'] },
  row: { minutes: [20, 40], kmPerHour: [11, 13], notes: ['Erg, steady pace'] },
  other: { minutes: [30, 60], notes: [] },
};

type Plate = readonly (readonly [food: string, grams: number])[];

/** Meals of catalogue foods, with the portions of an ordinary day. */
const MENU: Record<MealType, readonly Plate[]> = {
  breakfast: [
    [
      ['Oatmeal (porridge), cooked with water', 300],
      ['Blueberries, raw', 80],
      ['Milk, skim (nonfat)', 150],
    ],
    [
      ['Greek yogurt, plain, whole milk', 200],
      ['Banana, raw', 120],
      ['Almonds', 20],
    ],
    [
      ['Egg, scrambled', 150],
      ['Bread, whole-wheat', 70],
      ['Orange juice', 200],
    ],
    [
      ['Oats, rolled, dry (breakfast cereal)', 60],
      ['Milk, whole (3.25% fat)', 250],
      ['Strawberries, raw', 100],
    ],
  ],
  lunch: [
    [
      ['Chicken breast, roasted, meat only', 150],
      ['Rice, brown, cooked', 200],
      ['Broccoli, raw', 150],
    ],
    [
      ['Lentils, cooked', 250],
      ['Bread, whole-wheat', 60],
      ['Tomato, raw', 120],
    ],
    [
      ['Hummus', 100],
      ['Bread, whole-wheat', 80],
      ['Carrots, raw', 120],
      ['Cheddar cheese', 30],
    ],
    [
      ['Tofu, firm', 200],
      ['Quinoa, cooked', 200],
      ['Lettuce, romaine, raw', 80],
    ],
  ],
  dinner: [
    [
      ['Pasta, cooked', 300],
      ['Tomato, raw', 150],
      ['Parmesan cheese, grated', 20],
      ['Olive oil', 10],
    ],
    [
      ['Cod, Atlantic, cooked', 200],
      ['Potato, baked, with skin', 250],
      ['Broccoli, raw', 150],
    ],
    [
      ['Salmon, Atlantic, farmed, cooked', 150],
      ['Potato, boiled, without skin', 250],
      ['Spinach, raw', 80],
    ],
    [
      ['Black beans, cooked', 200],
      ['Rice, white, cooked', 200],
      ['Avocado, raw', 80],
    ],
    [
      ['Chicken breast, roasted, meat only', 180],
      ['Sweet potato, baked', 250],
      ['Olive oil', 10],
    ],
  ],
  snack: [
    [['Apple, raw, with skin', 180]],
    [['Dark chocolate, 70–85% cacao', 25]],
    [
      ['Peanut butter, smooth', 30],
      ['Bread, whole-wheat', 40],
    ],
    [['Yogurt, plain, low fat', 150]],
    [['Banana, raw', 120]],
  ],
};

/** What a weekend evening adds. */
const TREATS: Plate = [
  ['Wine, red', 150],
  ['Beer, regular', 330],
  ['Ice cream, vanilla', 100],
  ['French fries', 150],
];

export const DEMO_DISPLAY_NAMES: Record<DemoPersonKey, string> = {
  me: PROFILES.me.displayName,
  sam: PROFILES.sam.displayName,
  priya: PROFILES.priya.displayName,
};

/** Every catalogue food the demo meals use, for looking them up once. */
export const DEMO_FOODS: readonly string[] = [
  ...new Set([...Object.values(MENU).flat(2), ...TREATS].map(([food]) => food)),
];

/** Energy eaten per day of the week (0 = Sunday) before the day's own swing. */
const DAY_TARGET_KCAL = [2250, 1950, 1950, 1950, 1950, 2150, 2450] as const;

/** Minutes after local midnight at which each meal is eaten, earliest and latest. */
const MEAL_TIMES: Record<MealType, readonly [number, number]> = {
  breakfast: [7 * 60, 8 * 60 + 30],
  lunch: [12 * 60, 13 * 60 + 30],
  snack: [15 * 60 + 30, 16 * 60 + 30],
  dinner: [18 * 60 + 30, 20 * 60],
};

export const DEMO_MESSAGES: readonly DemoMessage[] = [
  {
    author: 'sam',
    room: { topic: 'run' },
    text: 'Anyone up for a 10 k on Saturday morning? Easy pace, river loop.',
  },
  { author: 'me', room: { topic: 'run' }, text: "I'm in! Aiming for 6 minutes per km, no faster." },
  { author: 'priya', room: { topic: 'run' }, text: "Have fun! I'll swim this week, my knee needs a break." },
  { author: 'sam', room: { friend: 'sam' }, text: 'Nice progress on the ranking this week!' },
  { author: 'me', room: { friend: 'sam' }, text: 'Thanks! The morning runs are finally sticking.' },
  { author: 'sam', room: { friend: 'sam' }, text: 'See you Saturday at 8 by the bridge.' },
];

export interface DemoPlanInput {
  now: Date;
  /** The local day `now` falls on in `timeZone`. */
  today: string;
  timeZone: string;
  /** Energy per 100 g of each of DEMO_FOODS, as the catalogue has it. */
  kcalPer100g: (food: string) => number;
}

export function planDemo(input: DemoPlanInput): Record<DemoPersonKey, DemoPerson> {
  const random = mulberry32(SEED);
  return {
    me: planPerson('me', input, random),
    sam: planPerson('sam', input, random),
    priya: planPerson('priya', input, random),
  };
}

function planPerson(key: DemoPersonKey, input: DemoPlanInput, random: () => number): DemoPerson {
  const profile = PROFILES[key];
  const between = (min: number, max: number) => min + random() * (max - min);
  const pick = <T>(values: readonly T[]): T | undefined => values[Math.floor(random() * values.length)];
  // A normal deviate (Box–Muller), for day-to-day swings around a trend.
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const at = (day: string, minutes: number) =>
    new Date(startOfLocalDay(day, input.timeZone).getTime() + Math.round(minutes) * 60_000);
  const past = (instant: Date) => instant.getTime() <= input.now.getTime();

  const person: DemoPerson = {
    key,
    displayName: profile.displayName,
    settings: profile.settings,
    weighIns: [],
    workouts: [],
    meals: [],
  };
  for (let offset = profile.days - 1; offset >= 0; offset -= 1) {
    const day = addDays(input.today, -offset);
    const weekday = dayOfWeek(day);
    const weeks = (profile.days - 1 - offset) / 7;

    if (random() < profile.weighInChance) {
      // Water swings a few hundred grams a day, and a weekend shows on Monday's scale.
      const trendKg = profile.startWeightKg - profile.lossKgPerWeek * weeks + 0.012 * weeks * weeks;
      const weightKg = trendKg + 0.3 * normal() + (weekday === 1 ? 0.4 : 0);
      const measuredAt = at(day, between(6 * 60 + 30, 7 * 60 + 30));
      if (past(measuredAt)) person.weighIns.push({ measuredAt, weightKg: Math.round(weightKg * 10) / 10 });
    }

    for (const [type, chance] of profile.schedule[weekday] ?? []) {
      if (random() >= chance) continue;
      const shape = WORKOUT_SHAPES[type];
      const weekend = weekday === 0 || weekday === 6;
      const startMinutes = weekend
        ? between(9 * 60, 11 * 60)
        : random() < 0.5
          ? between(6 * 60 + 15, 7 * 60 + 15)
          : between(18 * 60, 19 * 60 + 30);
      const startedAt = at(day, startMinutes);
      // Longer sessions at the weekend.
      const durationMin = Math.round(between(...shape.minutes) * (weekend ? 1.25 : 1));
      const workout: DemoWorkout = { type, startedAt, durationMin };
      if (shape.kmPerHour) {
        workout.distanceKm = Math.round(between(...shape.kmPerHour) * (durationMin / 60) * 10) / 10;
      }
      const note = random() < 0.3 ? pick(shape.notes) : undefined;
      if (note) workout.notes = note;
      if (past(startedAt)) person.workouts.push(workout);
    }

    if (profile.logsMeals && random() < 0.93) {
      const plates: [MealType, Plate][] = [
        ['breakfast', pick(MENU.breakfast) ?? []],
        ['lunch', pick(MENU.lunch) ?? []],
        ['dinner', pick(MENU.dinner) ?? []],
      ];
      if (random() < 0.6) plates.push(['snack', pick(MENU.snack) ?? []]);
      const weekendEvening = weekday === 5 || weekday === 6;
      const treat = weekendEvening && random() < 0.6 ? pick(TREATS) : undefined;
      if (treat) plates.push(['dinner', [treat]]);
      // Portions follow the day's appetite: a little more at weekends, a swing every day.
      const target = (DAY_TARGET_KCAL[weekday] ?? 2000) * (1 + 0.07 * normal());
      const planned = plates
        .flatMap(([, plate]) => plate)
        .reduce((sum, [food, grams]) => sum + (input.kcalPer100g(food) * grams) / 100, 0);
      const scale = Math.min(1.4, Math.max(0.7, planned > 0 ? target / planned : 1));
      for (const [mealType, plate] of plates) {
        const eatenAt = at(
          day,
          between(...MEAL_TIMES[mealType]) + (mealType === 'dinner' && plate.length === 1 ? 20 : 0),
        );
        if (!past(eatenAt)) continue;
        for (const [food, grams] of plate) {
          person.meals.push({
            eatenAt,
            mealType,
            food,
            grams: Math.max(5, Math.round((grams * scale) / 5) * 5),
          });
        }
      }
    }
  }
  return person;
}
