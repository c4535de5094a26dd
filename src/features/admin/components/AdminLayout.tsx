import './admin.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPath, type AdminSection } from '@/domain/adminSections';
import { useT, type MessageId } from '@/i18n';

const SECTION_TEXT: Readonly<Record<AdminSection, MessageId>> = {
  reports: 'admin.sections.reports',
  people: 'admin.sections.people',
  rooms: 'admin.sections.rooms',
  log: 'admin.sections.log',
  signup: 'admin.sections.signup',
  server: 'admin.sections.server',
};

export interface AdminLayoutProps {
  /** The sections this person has (the record is the admins'). */
  sections: readonly AdminSection[];
  current: AdminSection;
  children: ReactNode;
}

/** The moderators' sections as a row of links, and the one shown; a new section takes the focus. */
export function AdminLayout({ sections, current, children }: AdminLayoutProps) {
  const t = useT();
  const content = useRef<HTMLDivElement>(null);
  const shownBefore = useRef(current);
  useEffect(() => {
    if (shownBefore.current === current) return;
    shownBefore.current = current;
    content.current?.focus();
  }, [current]);
  return (
    <div className="admin-layout">
      <nav className="admin-nav" aria-label={t('admin.sections.nav')}>
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <Link to={adminPath(section)} aria-current={section === current ? 'page' : undefined}>
                {t(SECTION_TEXT[section])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div
        className="admin-content"
        ref={content}
        tabIndex={-1}
        role="group"
        aria-label={t(SECTION_TEXT[current])}
      >
        {children}
      </div>
    </div>
  );
}
