import { LogoutButton } from '@/components/LogoutButton';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { settingsPath, type SettingsSection } from '@/domain/settingsSections';
import { useT, type MessageId } from '@/i18n';

const SECTION_TEXT: Readonly<Record<SettingsSection, { title: MessageId; summary: MessageId }>> = {
  profile: { title: 'settings.sections.profile.title', summary: 'settings.sections.profile.summary' },
  goals: { title: 'settings.sections.goals.title', summary: 'settings.sections.goals.summary' },
  heartRate: { title: 'insight.heartRate.title', summary: 'insight.heartRate.summary' },
  preferences: {
    title: 'settings.sections.preferences.title',
    summary: 'settings.sections.preferences.summary',
  },
  notifications: {
    title: 'settings.sections.notifications.title',
    summary: 'settings.sections.notifications.summary',
  },
  privacy: { title: 'settings.sections.privacy.title', summary: 'settings.sections.privacy.summary' },
  sharing: { title: 'settings.sections.sharing.title', summary: 'settings.sections.sharing.summary' },
  security: { title: 'settings.sections.security.title', summary: 'settings.sections.security.summary' },
  standing: { title: 'settings.sections.standing.title', summary: 'settings.sections.standing.summary' },
  invitations: {
    title: 'settings.sections.invitations.title',
    summary: 'settings.sections.invitations.summary',
  },
  data: { title: 'settings.sections.data.title', summary: 'settings.sections.data.summary' },
  delete: { title: 'settings.sections.delete.title', summary: 'settings.sections.delete.summary' },
};

export interface SettingsLayoutProps {
  /** The sections this person has, in order. */
  sections: readonly SettingsSection[];
  /** The section whose forms are the children. */
  current: SettingsSection;
  /** Whether the address named the section; on a phone the list shows alone until one is. */
  chosen: boolean;
  children: ReactNode;
}

/**
 * The list of sections and the one shown: side by side on a wide screen; on a phone the list
 * alone, then the chosen section alone with a link back to the list. Opening a section moves the
 * focus to it, and going back to the list moves it to the section's entry there, so a keyboard or
 * screen reader lands where the person went (on a phone, the control used has just been hidden).
 */
export function SettingsLayout({ sections, current, chosen, children }: SettingsLayoutProps) {
  const t = useT();
  const list = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // The view the address names: a section, or the list (null).
  const view = chosen ? current : null;
  const viewBefore = useRef(view);
  useEffect(() => {
    const before = viewBefore.current;
    if (before === view) return;
    viewBefore.current = view;
    if (view !== null) content.current?.focus();
    else if (before !== null)
      list.current?.querySelector<HTMLAnchorElement>(`a[href="${settingsPath(before)}"]`)?.focus();
  }, [view]);

  return (
    <div className={chosen ? 'settings-layout' : 'settings-layout settings-layout-index'}>
      <nav className="settings-nav" ref={list} aria-label={t('settings.sections.nav')}>
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <Link
                to={settingsPath(section)}
                className={section === current ? 'settings-nav-shown' : undefined}
                aria-current={chosen && section === current ? 'page' : undefined}
              >
                <span className="settings-nav-title">{t(SECTION_TEXT[section].title)}</span>
                <span className="settings-nav-summary">{t(SECTION_TEXT[section].summary)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {/* On a phone the header has no room for it: logging out is here, under the sections. */}
        <div className="settings-logout phone-only">
          <LogoutButton />
        </div>
      </nav>
      <div
        className="settings-content"
        ref={content}
        tabIndex={-1}
        aria-label={t(SECTION_TEXT[current].title)}
        role="group"
      >
        <Link className="settings-back" to="/user-settings">
          <ChevronLeft className="icon" aria-hidden="true" />
          {t('settings.sections.back')}
        </Link>
        {children}
      </div>
    </div>
  );
}
