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

let inFlight = 0;
let failed = false;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let failedTimer: ReturnType<typeof setTimeout> | undefined;
let shown = false;

function setFailedMark(on: boolean): void {
  document.documentElement.classList.toggle(FAILED_CLASS, on);
}

function begin(): void {
  inFlight += 1;
  if (inFlight > 1) return;
  failed = false;
  clearTimeout(failedTimer);
  setFailedMark(false);
  showTimer = setTimeout(() => {
    shown = true;
    NProgress.start();
  }, LOADING_BAR.throttleMs);
}

function end(outcome: 'ok' | 'failed'): void {
  inFlight = Math.max(0, inFlight - 1);
  if (outcome === 'failed') {
    failed = true;
    setFailedMark(true);
    // A failure shows even when the request was faster than the throttle.
    if (!shown) {
      shown = true;
      NProgress.start();
    }
  }
  if (inFlight > 0) return;
  clearTimeout(showTimer);
  if (shown) {
    NProgress.done();
    shown = false;
  }
  if (failed) {
    // One timer: an earlier failure's (the SDK retries a request that could not be sent) must
    // not clear the mark of the last one early.
    clearTimeout(failedTimer);
    failedTimer = setTimeout(() => setFailedMark(false), LOADING_BAR.hideDelayMs * 4);
  }
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
