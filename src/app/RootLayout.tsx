import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { StatusBar } from '@/components/StatusBar';
import { startLoading } from '@/lib/loadingBar';

/**
 * Shows route loading in the loading bar, and the online flag on every page: in the corner of the
 * public pages; the signed-in frame shows it in its header (src/components/TopNav.tsx).
 */
export function RootLayout() {
  const navigation = useNavigation();
  const inAppFrame = useMatches().some((match) => match.id === 'app');
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    return startLoading();
  }, [busy]);
  return (
    <>
      <Outlet />
      {inAppFrame ? null : <StatusBar />}
    </>
  );
}

export function BootScreen() {
  return (
    <main className="boot-screen" aria-busy="true">
      <p className="logo">FITSTREAK</p>
    </main>
  );
}
