import type { NotificationList } from '@/domain/notifications';
import { liveQueryClientFor } from '@/lib/liveQuery';
import { getParse } from '@/lib/parse';
import { callCloud } from '@/lib/cloud';

export async function loadNotifications(): Promise<NotificationList> {
  return callCloud('listNotifications');
}

export async function markAllNotificationsRead(): Promise<void> {
  await callCloud('markNotificationsRead');
}

/**
 * Calls `onChange` whenever one of the person's notifications is made or read (on another device
 * too), and when the live connection comes back, since something may have been missed meanwhile.
 * Answers the function that ends the subscription.
 */
export async function watchNotifications(onChange: () => void): Promise<() => void> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  if (!user) return () => undefined;
  const sessionToken = user.getSessionToken() ?? undefined;
  await liveQueryClientFor(Parse, sessionToken);
  const subscription = await new Parse.Query('Notification').equalTo('user', user).subscribe(sessionToken);
  for (const event of ['create', 'update', 'delete', 'open'] as const) subscription.on(event, onChange);
  return () => {
    subscription.unsubscribe().catch(() => undefined);
  };
}
