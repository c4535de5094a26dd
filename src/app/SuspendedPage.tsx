import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { LogoutButton } from '@/components/LogoutButton';
import type { AccountStanding } from '@/domain/moderation';
import { forgetStanding, SuspendedScreen } from '@/features/moderation';
import { DeleteAccount, ExportData } from '@/features/settings';

/**
 * All of the app a suspended person sees, in place of the pages: the sanction and its appeal, and
 * what they may still do with their account (take their data, delete it, log out).
 */
export function SuspendedPage({ suspension }: { suspension: NonNullable<AccountStanding['suspension']> }) {
  const { revalidate } = useRevalidator();
  const main = useRef<HTMLElement>(null);
  useEffect(() => main.current?.querySelector<HTMLElement>('h1')?.focus(), []);
  return (
    <main id="main" tabIndex={-1} ref={main} className="suspended-main">
      <SuspendedScreen
        suspension={suspension}
        dataExport={<ExportData />}
        deletion={<DeleteAccount />}
        logout={<LogoutButton />}
        onAppealed={() => {
          forgetStanding();
          void revalidate();
        }}
      />
    </main>
  );
}
