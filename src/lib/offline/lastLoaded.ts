import { t } from '@/i18n';
import { isNetworkFailure } from '../errors';
import { markReachability } from '../reachability';
import { signedInSession } from './session';
import { readPage, savePage } from './store';

export interface Loaded<T> {
  data: T;
  /** When the data shown was loaded, if it came from this device because the server was out of reach. */
  savedAt: string | null;
}

/** The page was never loaded on this device and there is no network to load it now. */
export class NotLoadedOffline extends Error {
  constructor() {
    super(t('common.errors.notLoadedOffline'));
    this.name = 'NotLoadedOffline';
  }
}

/**
 * Loads a page's data and keeps a copy on this device under the person's account; without a
 * network the copy is returned instead, with the time it was loaded, so the page can say it may be
 * out of date. Other people's copies are never read.
 */
export async function loadOrLastLoaded<T>(key: string, load: () => Promise<T>): Promise<Loaded<T>> {
  const account = (await signedInSession())?.account ?? null;
  const fromDevice = async (): Promise<Loaded<T>> => {
    const page = account ? await readPage(account, key) : undefined;
    if (!page) throw new NotLoadedOffline();
    return { data: page.data as T, savedAt: page.savedAt };
  };
  if (!navigator.onLine) return fromDevice();
  try {
    const data = await load();
    markReachability(true);
    if (account) {
      // The copy is a convenience: a full or blocked storage must not fail the page.
      await savePage({ account, key, data, savedAt: new Date().toISOString() }).catch(() => undefined);
    }
    return { data, savedAt: null };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    markReachability(false);
    try {
      return await fromDevice();
    } catch {
      // No copy either: the network failure is what the person should read.
      throw error;
    }
  }
}
