import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoadingBarFailed, LOADING_BAR, startLoading, trackLoading } from './loadingBar';

const bar = () => document.querySelector('#nprogress');

describe('loading bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await vi.runAllTimersAsync();
    vi.useRealTimers();
  });

  it('uses the specification’s constants', () => {
    expect(LOADING_BAR).toEqual({ heightPx: 2, throttleMs: 200, durationMs: 5000, hideDelayMs: 500 });
  });

  it('stays hidden for work shorter than the 200 ms throttle', async () => {
    await trackLoading(Promise.resolve('fast'));
    vi.advanceTimersByTime(LOADING_BAR.throttleMs + 10);
    expect(bar()).toBeNull();
  });

  it('shows after 200 ms while work is in flight', () => {
    const end = startLoading();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs - 1);
    expect(bar()).toBeNull();
    vi.advanceTimersByTime(2);
    expect(bar()).not.toBeNull();
    end();
  });

  it('draws a bar without a role, which would have to be a valid ARIA role', () => {
    const end = startLoading();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs + 1);
    expect(bar()?.querySelector('.bar')).not.toBeNull();
    expect(bar()?.querySelectorAll('[role]')).toHaveLength(0);
    end();
  });

  it('turns failed when a tracked request rejects, and passes the error on', async () => {
    await expect(trackLoading(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(isLoadingBarFailed()).toBe(true);
    expect(bar()).not.toBeNull();
  });

  it('keeps the last failure red for its full time, whatever earlier failures scheduled', () => {
    startLoading()('failed');
    vi.advanceTimersByTime(1500);
    startLoading()('failed'); // a retry that failed again
    vi.advanceTimersByTime(1000); // past the first failure's 2 s

    expect(isLoadingBarFailed()).toBe(true);
    vi.advanceTimersByTime(1100);
    expect(isLoadingBarFailed()).toBe(false);
  });
});
