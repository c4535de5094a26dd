import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import type { SettingsActionResult } from '../actionResult';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

/** One card of the settings page, with its heading and the outcome of its last save. */
export function SettingsSection({
  id,
  title,
  result,
  children,
}: {
  id: string;
  title: string;
  result?: SettingsActionResult | undefined;
  children: ReactNode;
}) {
  const notice = result?.kind === 'saved' || result?.kind === 'twoFactorOn' ? result.notice : '';
  const refusal = result?.kind === 'enrolling' ? result.refusal : refusalIn(result);
  return (
    <section className="card settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
      <p role="status" className="form-notice">
        {notice}
      </p>
      <FormError>{refusal?.formError}</FormError>
    </section>
  );
}

export function SaveButton({ busy, label }: { busy: boolean; label?: string }) {
  const t = useT();
  return (
    <div className="form-actions">
      <button type="submit" className="button-primary" disabled={busy}>
        {busy ? t('settings.saving') : (label ?? t('settings.save'))}
      </button>
    </div>
  );
}
