import { t } from '@/i18n';

/** The SPA's runtime configuration, served by the API process at /config.json. */
export interface RuntimeConfig {
  appId: string;
  serverURL: string;
  liveQueryServerURL: string;
  /** A map tile server's URL with {z}, {x} and {y}, when the operator names one (MAP_TILE_URL). */
  mapTileUrl?: string;
  mapTileAttribution?: string;
  /** The key browsers subscribe to web push with, when the server sends pushes. */
  vapidPublicKey?: string;
  /** The OpenID Connect provider the login page offers, by name, when the operator set one up. */
  oidcName?: string;
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.appId === 'string' &&
    typeof record.serverURL === 'string' &&
    typeof record.liveQueryServerURL === 'string'
  );
}

/** The last configuration the server gave, so the app can start without a network. */
const SAVED_KEY = 'fitstreak:config';

function savedConfig(): RuntimeConfig | undefined {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null');
    return isRuntimeConfig(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

let configPromise: Promise<RuntimeConfig> | undefined;

/**
 * /config.json, kept in localStorage (it holds public settings only). When the server cannot be
 * reached at all, the kept copy lets the app start offline; an answer with an error is an error.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  configPromise ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(
      async (response) => {
        if (!response.ok) throw new Error(t('common.errors.configHttp', { status: response.status }));
        const body: unknown = await response.json();
        if (!isRuntimeConfig(body)) throw new Error(t('common.errors.configIncomplete'));
        try {
          localStorage.setItem(SAVED_KEY, JSON.stringify(body));
        } catch {
          // Storage full or disabled: the app still starts online.
        }
        return body;
      },
      (networkError: unknown) => {
        const saved = savedConfig();
        if (saved) return saved;
        throw networkError;
      },
    )
    .catch((error: unknown) => {
      configPromise = undefined;
      throw error;
    });
  return configPromise;
}
