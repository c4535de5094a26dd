/** The specification's breakpoints (px): a width at or above a value is that size or larger. */
export const BREAKPOINTS = {
  xs: 576,
  sm: 768,
  md: 992,
  lg: 1200,
  xl: 1400,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS | 'xxl';

export function breakpointFor(widthPx: number): Breakpoint | 'base' {
  if (widthPx > BREAKPOINTS.xl) return 'xxl';
  if (widthPx >= BREAKPOINTS.lg) return 'xl';
  if (widthPx >= BREAKPOINTS.md) return 'lg';
  if (widthPx >= BREAKPOINTS.sm) return 'md';
  if (widthPx >= BREAKPOINTS.xs) return 'sm';
  return 'base';
}

export function mediaQueryAtLeast(breakpoint: keyof typeof BREAKPOINTS): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}
