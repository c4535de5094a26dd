import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface SummaryCardProps {
  /** Prefix of the card's element ids. */
  id: string;
  title: string;
  /** The module the card summarises, named so the link reads well on its own. */
  link: { to: string; label: string };
  children: ReactNode;
}

/** One card of the daily summary: a heading, what it shows, and a link to its module. */
export function SummaryCard({ id, title, link, children }: SummaryCardProps) {
  return (
    <section className="card summary-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      {children}
      <p className="summary-link">
        <Link to={link.to}>{link.label}</Link>
      </p>
    </section>
  );
}
