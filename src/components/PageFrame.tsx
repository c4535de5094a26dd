import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** The frame every module page shares: one h1, an optional line under it, then the page. */
export function PageFrame({ title, intro, children }: PageFrameProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {intro ? <p className="page-intro">{intro}</p> : null}
      {children}
    </section>
  );
}
