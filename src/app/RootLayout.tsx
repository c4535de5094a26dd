import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { StatusBar } from '@/components/StatusBar';
import { startLoading } from '@/lib/loadingBar';

/** Shows route loading in the loading bar, and the online flag on every page. */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    return startLoading();
  }, [busy]);
  return (
    <>
      <Outlet />
      <StatusBar />
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
