// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, HttpError } from './http';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  accept: string | undefined;
  authorization: string | undefined;
  body: string;
}

describe('createHttpClient', () => {
  let server: http.Server;
  let baseUrl = '';
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({
          method: request.method,
          url: request.url,
          accept: request.headers.accept,
          authorization: request.headers.authorization,
          body,
        });
        if (request.url === '/api/missing') {
          response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not here"}');
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends Accept: application/json and no Authorization until a token is set', async () => {
    const client = createHttpClient(baseUrl);
    await expect(client.get('/status')).resolves.toEqual({ ok: true });
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/status',
      accept: 'application/json',
      authorization: undefined,
    });
  });

  it('sends the bearer token once set and drops it when cleared', async () => {
    const client = createHttpClient(baseUrl);
    client.setToken('r:abc');
    await client.post('things', { name: 'run' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      authorization: 'Bearer r:abc',
      body: '{"name":"run"}',
    });
    client.setToken(undefined);
    await client.get('things');
    expect(seen.at(-1)?.authorization).toBeUndefined();
  });

  it('throws an HttpError carrying the status and body of a failed answer', async () => {
    const client = createHttpClient(baseUrl);
    const failure = await client.get('missing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 404, body: { error: 'not here' } });
  });
});
