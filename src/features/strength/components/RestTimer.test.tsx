import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggedExercise } from '@/domain/strength';
import { REST_TIMER_STORAGE_KEY, restSecondsOf } from '../restTimer';
import { useRestTimer } from '../useRestTimer';
import { RestTimer } from './RestTimer';
import { SetRows } from './SetRows';

const T0 = Date.UTC(2026, 0, 5, 18, 0, 0);
const beeps: number[] = [];
const vibrate = vi.fn<(pattern: number[]) => boolean>(() => true);

/** Enough of the Web Audio API to hear the beeps. */
class FakeAudioContext {
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  createGain() {
    const node = { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined } };
    return { ...node, connect: (next: unknown) => next };
  }
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start: (at: number) => beeps.push(at),
      stop: () => undefined,
    };
  }
}

/** A workout with one exercise: ticking a set done starts its rest. */
function Workout({ restS }: { restS?: number }) {
  const timer = useRestTimer();
  const [exercise, setExercise] = useState<LoggedExercise>({
    exerciseId: 'bench',
    sets: [
      { reps: 8, weightKg: 60 },
      { reps: 8, weightKg: 60 },
    ],
    ...(restS === undefined ? {} : { restS }),
  });
  return (
    <>
      <SetRows
        name="Bench press"
        measure="weight_reps"
        unit="kg"
        index={0}
        exercise={exercise}
        onChange={setExercise}
        onSetDone={() => timer.start(restSecondsOf(exercise))}
      />
      <RestTimer timer={timer} />
    </>
  );
}

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  sessionStorage.clear();
  beeps.length = 0;
  vibrate.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RestTimer', () => {
  it('counts the default rest down from a set ticked done, and signals its end', () => {
    render(<Workout />);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Set 1 done'));
    expect(screen.getByRole('timer', { name: 'Rest left' })).toHaveTextContent('1:30');
    wait(30_000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:00');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    wait(60_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Rest over. Time for the next set.');
    expect(beeps).toHaveLength(2);
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
    expect(sessionStorage.getItem(REST_TIMER_STORAGE_KEY)).toBeNull();
  });

  it('rests as long as the exercise asks, and +15 s extends the rest', () => {
    render(<Workout restS={120} />);

    fireEvent.click(screen.getByLabelText('Set 1 done'));
    expect(screen.getByRole('timer')).toHaveTextContent('2:00');
    wait(60_000);
    fireEvent.click(screen.getByRole('button', { name: '+15 s' }));
    expect(screen.getByRole('timer')).toHaveTextContent('1:15');

    wait(74_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:01');
    expect(vibrate).not.toHaveBeenCalled();
    wait(1_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('does not rest after a set of an exercise without rest', () => {
    render(<Workout restS={0} />);

    fireEvent.click(screen.getByLabelText('Set 1 done'));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    wait(1_000);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('ends the rest at once on Skip, without a signal', () => {
    render(<Workout />);

    fireEvent.click(screen.getByLabelText('Set 1 done'));
    wait(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    wait(120_000);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(vibrate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(REST_TIMER_STORAGE_KEY)).toBeNull();
  });

  it('starts again from the full rest when the next set is ticked', () => {
    render(<Workout />);

    fireEvent.click(screen.getByLabelText('Set 1 done'));
    wait(50_000);
    fireEvent.click(screen.getByLabelText('Set 2 done'));
    expect(screen.getByRole('timer')).toHaveTextContent('1:30');
  });

  it('resumes after a reload from the end time in session storage', () => {
    const page = render(<Workout />);
    fireEvent.click(screen.getByLabelText('Set 1 done'));
    wait(20_000);
    page.unmount();

    // The reload itself takes a few seconds.
    wait(5_000);
    render(<Workout />);
    expect(screen.getByRole('timer')).toHaveTextContent('1:05');
    wait(65_000);
    expect(screen.getByRole('status')).toHaveTextContent('Rest over. Time for the next set.');
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('does not resume a rest that ended while the page was away', () => {
    const page = render(<Workout />);
    fireEvent.click(screen.getByLabelText('Set 1 done'));
    page.unmount();

    wait(100_000);
    render(<Workout />);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(vibrate).not.toHaveBeenCalled();
  });
});
