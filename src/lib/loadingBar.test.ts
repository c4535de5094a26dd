import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILED_MIN_MS, isLoadingBarFailed, LOADING_BAR, startLoading, trackLoading } from './loadingBar';

const bar = () => document.querySelector('#nprogress');

describe('loading bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    // A failed bar stays until the next request: start and end one after the minimum to end it.
    vi.advanceTimersByTime(FAILED_MIN_MS);
    startLoading()();
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

  it('keeps a failure red until the next request starts, however long that takes', () => {
    startLoading()('failed');
    vi.advanceTimersByTime(60_000);
    expect(isLoadingBarFailed()).toBe(true);
    expect(bar()).not.toBeNull();

    const end = startLoading();
    expect(isLoadingBarFailed()).toBe(false);
    expect(bar()).not.toBeNull(); // now the new request's progress
    end();
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs * 3);
    expect(bar()).toBeNull();
  });

  it('keeps a failure red for its minimum when the next request starts at once', () => {
    startLoading()('failed');
    const retry = startLoading();
    vi.advanceTimersByTime(FAILED_MIN_MS - 1);
    expect(isLoadingBarFailed()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isLoadingBarFailed()).toBe(false);
    retry();
  });

  it('starts the minimum again when a retry fails too', () => {
    startLoading()('failed');
    vi.advanceTimersByTime(FAILED_MIN_MS - 100);
    const retry = startLoading();
    vi.advanceTimersByTime(50);
    retry('failed');
    vi.advanceTimersByTime(FAILED_MIN_MS * 10);
    expect(isLoadingBarFailed()).toBe(true);
  });

  it('hides the bar once the request after a failure succeeds and the minimum is over', () => {
    startLoading()('failed');
    startLoading()();
    expect(isLoadingBarFailed()).toBe(true);
    vi.advanceTimersByTime(FAILED_MIN_MS);
    expect(isLoadingBarFailed()).toBe(false);
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs * 3);
    expect(bar()).toBeNull();
  });
});
