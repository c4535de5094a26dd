/** The product HTTP client for the app's own endpoints (not Parse's): JSON in and out, optional bearer token. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export interface HttpClient {
  setToken(token: string | undefined): void;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

export function createHttpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): HttpClient {
  let token: string | undefined;
  const root = baseUrl.replace(/\/+$/, '');

  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetchImpl(`${root}/${path.replace(/^\/+/, '')}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new HttpError(response.status, parsed);
    return parsed as T;
  }

  return {
    setToken(next) {
      token = next;
    },
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
  };
}
