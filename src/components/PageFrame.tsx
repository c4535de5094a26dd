import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  intro?: ReactNode;
  /** The page's main action (e.g. "Log a workout"), beside the title, in view without scrolling. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every module page shares: one h1 with the page's main action, an optional line under it, then the page. */
export function PageFrame({ title, intro, actions, children }: PageFrameProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-header">
        <h1 id="page-title">{title}</h1>
        {actions}
      </div>
      {intro ? <p className="page-intro">{intro}</p> : null}
      {children}
    </section>
  );
}

export interface PageLoadFailureProps {
  title: string;
  /** What could not be loaded, as a sentence: "Your weigh-ins could not be loaded." */
  sentence: string;
  /** Why, as the loader put it (see `loadFailure` in src/app/guards.ts). */
  reason: string | null;
}

/** The page's frame with one alert in it, when its loader could not get the page's data. */
export function PageLoadFailure({ title, sentence, reason }: PageLoadFailureProps) {
  return (
    <PageFrame title={title}>
      <p role="alert" className="form-error">
        {sentence} {reason}
      </p>
    </PageFrame>
  );
}
