import { useCallback, useEffect, useState } from 'react';
import { prepareRestSignal, signalRestOver } from './restSignal';
import {
  extendRest,
  isOver,
  loadRest,
  REST_EXTENSION_S,
  saveRest,
  secondsLeft,
  sessionRestStorage,
  startRest,
  type RestPeriod,
  type RestStorage,
} from './restTimer';

/** How often the countdown looks at the clock: often enough that no second is skipped. */
const TICK_MS = 250;

export interface RestTimerState {
  /** Whole seconds left, or null while no rest runs. */
  secondsLeft: number | null;
  /** The length of the running rest with its extensions, in seconds. */
  totalS: number;
  /** The last rest ran to its end (rather than being skipped). */
  over: boolean;
  start: (seconds: number) => void;
  extend: () => void;
  skip: () => void;
}

export interface RestTimerOptions {
  now?: () => number;
  storage?: RestStorage | null;
  onOver?: () => void;
}

const defaults = { now: () => Date.now(), storage: sessionRestStorage(), onOver: signalRestOver };

/**
 * The rest between sets: started when a set is ticked done, shown as a countdown, signalled when
 * over, and resumed after a reload from the end time kept in session storage.
 */
export function useRestTimer({
  now = defaults.now,
  storage = defaults.storage,
  onOver = defaults.onOver,
}: RestTimerOptions = {}): RestTimerState {
  const [rest, setRest] = useState<RestPeriod | null>(() => loadRest(storage, now()));
  const [clock, setClock] = useState(now);
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (!rest) return;
    const timer = window.setInterval(() => {
      const at = now();
      setClock(at);
      if (!isOver(rest, at)) return;
      setRest(null);
      setOver(true);
      saveRest(storage, null);
      onOver();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [rest, now, storage, onOver]);

  const change = useCallback(
    (next: RestPeriod | null) => {
      setClock(now());
      setRest(next);
      setOver(false);
      saveRest(storage, next);
    },
    [now, storage],
  );

  const start = useCallback(
    (seconds: number) => {
      prepareRestSignal();
      // An exercise with no rest (supersets, circuits) goes straight on.
      change(seconds > 0 ? startRest(seconds, now()) : null);
    },
    [change, now],
  );
  const extend = useCallback(() => {
    prepareRestSignal();
    if (rest) change(extendRest(rest, REST_EXTENSION_S, now()));
  }, [change, now, rest]);
  const skip = useCallback(() => change(null), [change]);

  return {
    secondsLeft: rest ? secondsLeft(rest, clock) : null,
    totalS: rest?.totalS ?? 0,
    over,
    start,
    extend,
    skip,
  };
}
