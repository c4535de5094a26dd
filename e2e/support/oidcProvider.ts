import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) for the end-to-end tests, with its development
 * login page, which takes any name and password: the person it logs in is named after the name
 * typed, with the e-mail address `<name>@corp.example` (or the name, when it is an address).
 */
export const E2E_OIDC = {
  clientId: 'fitstreak-e2e',
  clientSecret: 'a-client-secret-for-the-e2e-tests',
  name: 'Corp ID',
};

export interface RunningProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<RunningProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // A name typed as an e-mail address is that address (to meet an account that has it).
    findAccount: (_context, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id.includes('@') ? id : `${id}@corp.example`,
        email_verified: true,
        name: id,
        preferred_username: id.split('@')[0],
      }),
    }),
    cookies: { keys: ['e2e-cookie-key-for-the-tests-only'] },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => void handle(request, response));
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
