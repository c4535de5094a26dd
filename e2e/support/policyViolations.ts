import type { Page } from '@playwright/test';

declare global {
  interface Window {
    reportPolicyViolation?: (line: string) => Promise<void>;
  }
}

/** Chromium's console lines for a refused load or a header it could not parse. */
const POLICY_MESSAGE = /Content[ -]Security[ -]Policy|Permissions[ -]Policy/i;

/**
 * Collects everything the page's Content-Security-Policy refuses, across navigations: each
 * `securitypolicyviolation` event, and Chromium's console line for it (or for a policy header it
 * could not parse). Playwright's init script and binding are not subject to the page's CSP.
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (line: string) => {
    violations.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const blocked = event.blockedURI || 'inline';
      void window.reportPolicyViolation?.(
        `${event.effectiveDirective} refused ${blocked} on ${event.documentURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/**
 * Lets reports already queued in the page arrive: a violation event is dispatched in a task of its
 * own, so one more task of the page's event loop comes after it.
 */
export async function settleReports(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
