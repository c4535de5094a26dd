import { formatNumber } from '@/i18n/numbers';

/** A load, fitness, fatigue or form as a whole number in the language shown ("−12", "1,204"). */
export const loadNumber = (value: number) => formatNumber(Math.round(value), { signDisplay: 'auto' });

/** A form with its sign, so fresh and tired read apart ("+8", "−12"). */
export const formNumber = (value: number) => formatNumber(Math.round(value), { signDisplay: 'exceptZero' });

/** A race time as h:mm:ss, or m:ss under an hour. */
export function raceClock(totalSeconds: number): string {
  const rounded = Math.round(totalSeconds);
  const hours = Math.floor(rounded / 3600);
  const minutes = Math.floor((rounded % 3600) / 60);
  const seconds = String(rounded % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Minutes, rounded, from seconds. */
export const minutesOf = (seconds: number) => Math.round(seconds / 60);
