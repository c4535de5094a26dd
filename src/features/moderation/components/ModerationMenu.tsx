import { useState } from 'react';
import { useFetcher } from 'react-router';
import { MoreMenu, type MenuChoice } from '@/components/MoreMenu';
import { Popup } from '@/components/Popup';
import type { ReportKind } from '@/domain/moderation';
import { useT } from '@/i18n';
import type { ModerationActionResult } from '../actionResult';
import type { ReportTarget } from '../types';
import { ModerateForm } from './ModerateForm';
import { ReportWindow } from './ReportWindow';

export interface ModerationMenuProps {
  /** The menu button's accessible name, e.g. "More actions for Sam's message". */
  label: string;
  /** The person it is about: muted or unmuted from here. */
  userId: string;
  muted: boolean;
  /** What "Report" reports. */
  report: ReportTarget;
  /** Content a moderator may hide from here. */
  hide?: { kind: ReportKind; id: string } | undefined;
}

/**
 * Report, mute or unmute (and, for a moderator, hide) from a chat message or a person's row. Mutes
 * post to the page's own action; the person muted is not told.
 */
export function ModerationMenu({ label, userId, muted, report, hide }: ModerationMenuProps) {
  const t = useT();
  const fetcher = useFetcher<ModerationActionResult>();
  const [reporting, setReporting] = useState(false);
  const [hiding, setHiding] = useState(false);
  const choices: MenuChoice[] = [
    { label: t('moderation.menu.report'), onSelect: () => setReporting(true) },
    {
      label: muted ? t('moderation.menu.unmute') : t('moderation.menu.mute'),
      onSelect: () => void fetcher.submit({ intent: muted ? 'unmute' : 'mute', userId }, { method: 'post' }),
    },
  ];
  if (hide) choices.push({ label: t('moderation.menu.hide'), onSelect: () => setHiding(true) });
  return (
    <>
      <MoreMenu label={label} choices={choices} />
      <ReportWindow target={reporting ? report : null} onClose={() => setReporting(false)} />
      {hide ? (
        <Popup open={hiding} title={t('moderation.menu.hideTitle')} onClose={() => setHiding(false)}>
          <ModerateForm targetKind={hide.kind} targetId={hide.id} actions={['hide']} />
        </Popup>
      ) : null}
    </>
  );
}
