import NProgress from 'nprogress';

/** The specification's loading bar: 2 px, shown after 200 ms, trickles over 5 s, hides 500 ms after the end. */
export const LOADING_BAR = {
  heightPx: 2,
  throttleMs: 200,
  durationMs: 5000,
  hideDelayMs: 500,
} as const;

const TRICKLE_STEPS = 20;
const FAILED_CLASS = 'loading-bar-failed';

NProgress.configure({
  showSpinner: false,
  // Its default markup gives the bar role="bar", which is no ARIA role; the bar is decoration, and
  // the page's own busy states speak to assistive technology.
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
  minimum: 0.08,
  speed: LOADING_BAR.hideDelayMs,
  trickleSpeed: LOADING_BAR.durationMs / TRICKLE_STEPS,
});

/**
 * How long a failure stays red at the least. A failed request fills the bar and paints it red until
 * the next request or navigation starts, and never for less than this, so a failure is seen even
 * when the page sends its next request at once (the SDK retries a request that could not be sent).
 */
export const FAILED_MIN_MS = LOADING_BAR.hideDelayMs * 3;
/** Where a failed bar stops: nprogress removes the bar at 1, and trickles no further than this. */
const FAILED_POSITION = 0.994;

let inFlight = 0;
let shown = false;
let failedAt: number | undefined;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

function setFailedMark(on: boolean): void {
  document.documentElement.classList.toggle(FAILED_CLASS, on);
}

function show(): void {
  clearTimeout(showTimer);
  showTimer = undefined;
  if (shown) return;
  shown = true;
  NProgress.start();
}

function hide(): void {
  clearTimeout(showTimer);
  showTimer = undefined;
  if (!shown) return;
  shown = false;
  NProgress.done();
}

function clearFailure(): void {
  clearTimeout(clearTimer);
  clearTimer = undefined;
  failedAt = undefined;
  setFailedMark(false);
  // The bar stayed for the failure alone; work started since keeps it as ordinary progress.
  if (inFlight === 0) hide();
}

/** New work ends the red of an earlier failure, once that failure has been seen for its minimum. */
function scheduleClearFailure(): void {
  if (failedAt === undefined || clearTimer !== undefined) return;
  const remaining = failedAt + FAILED_MIN_MS - Date.now();
  if (remaining <= 0) clearFailure();
  else clearTimer = setTimeout(clearFailure, remaining);
}

function begin(): void {
  inFlight += 1;
  scheduleClearFailure();
  if (inFlight > 1 || shown || showTimer !== undefined) return;
  showTimer = setTimeout(show, LOADING_BAR.throttleMs);
}

function end(outcome: 'ok' | 'failed'): void {
  inFlight = Math.max(0, inFlight - 1);
  if (outcome === 'failed') {
    // A later failure starts its own minimum, whatever an earlier one scheduled.
    clearTimeout(clearTimer);
    clearTimer = undefined;
    failedAt = Date.now();
    setFailedMark(true);
    // A failure shows even when the request was faster than the throttle.
    show();
  }
  if (inFlight > 0) return;
  if (failedAt === undefined) hide();
  else NProgress.set(FAILED_POSITION);
}

/** Shows the bar while `work` runs and marks it failed (red) when `work` rejects. */
export function trackLoading<T>(work: Promise<T>): Promise<T> {
  begin();
  return work.then(
    (value) => {
      end('ok');
      return value;
    },
    (error: unknown) => {
      end('failed');
      throw error;
    },
  );
}

/** For work that is not a promise (a router navigation): returns the function that ends it. */
export function startLoading(): (outcome?: 'ok' | 'failed') => void {
  begin();
  let ended = false;
  return (outcome = 'ok') => {
    if (ended) return;
    ended = true;
    end(outcome);
  };
}

export function isLoadingBarFailed(): boolean {
  return document.documentElement.classList.contains(FAILED_CLASS);
}
