/** The SPA's runtime configuration, served by the API process at /config.json. */
export interface RuntimeConfig {
  appId: string;
  serverURL: string;
  liveQueryServerURL: string;
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

let configPromise: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  configPromise ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load the app configuration (HTTP ${response.status}).`);
      const body: unknown = await response.json();
      if (!isRuntimeConfig(body)) throw new Error('The app configuration is incomplete.');
      return body;
    })
    .catch((error: unknown) => {
      configPromise = undefined;
      throw error;
    });
  return configPromise;
}
