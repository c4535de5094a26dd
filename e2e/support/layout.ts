import type { Page } from '@playwright/test';

/** Form controls reaching past the right edge of the card they sit in, each as "name: N px". */
export function controlsPastTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const control of document.querySelectorAll('input, select, textarea, button')) {
      const card = control.closest('.card');
      const box = control.getBoundingClientRect();
      if (!card || box.width === 0) continue;
      const past = box.right - card.getBoundingClientRect().right;
      const label = 'labels' in control ? (control.labels as NodeListOf<HTMLLabelElement>)[0] : undefined;
      const name = (label ?? control).textContent?.trim() || control.tagName;
      if (past > 1) found.push(`${name}: ${Math.round(past)} px`);
    }
    return found;
  });
}

/** How far the page reaches past the right edge of the screen (0 or less: it fits). */
export function overflowOf(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
