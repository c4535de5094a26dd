import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for the tests, as a browser's would be (RFC 8030): it hands out subscriptions,
 * checks each push's VAPID signature (RFC 8292), decrypts its payload (RFC 8291, aes128gcm of
 * RFC 8188) with the subscription's private key, and keeps what it read. A subscription can be
 * told to answer with another status, such as 410 for a device that is gone.
 */
export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface ReceivedPush {
  /** The payload as the device would read it. */
  payload: unknown;
  /** The key the VAPID signature was checked with (k=), base64url. */
  vapidKey: string;
  /** The subject (sub) of the VAPID token. */
  subject: string;
  ttl: number;
}

interface Device {
  keys: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  received: ReceivedPush[];
  status: number;
}

function decrypt(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      device.keys.computeSecret(senderKey),
      device.auth,
      Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]),
      32,
    ),
  );
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record ends with a 2 followed by zero or more zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The payload does not end as the last record of RFC 8188 must.');
  return padded.subarray(0, end);
}

/** The VAPID token's claims once its ES256 signature is checked against k, else an error. */
function checkVapid(header: string | undefined, audience: string): { key: string; subject: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, token = '', key = ''] = match;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head = '', claims = '', signature = ''] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID signature does not match k.');
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  if (aud !== audience) throw new Error(`The VAPID audience is ${String(aud)}, not ${audience}.`);
  if (typeof exp !== 'number' || exp * 1000 < Date.now() || exp * 1000 > Date.now() + 24 * 3_600_000) {
    throw new Error('The VAPID token has no expiry within a day.');
  }
  return { key, subject: String(sub) };
}

export interface PushService {
  origin: string;
  subscribe(): Subscription;
  received(endpoint: string): ReceivedPush[];
  answerWith(endpoint: string, status: number): void;
  /** Pushes that could not be read or were not signed, with the reason; none in a good run. */
  refused: string[];
  close(): Promise<void>;
}

const readBody = async (request: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Starts the stand-in on a free port of 127.0.0.1. Besides `POST /push/<id>` (what the server
 * sends to), it answers its tests over HTTP: `POST /subscriptions` makes one, `GET <endpoint>`
 * lists what it received, `PUT <endpoint>` with `{ status }` changes its answer.
 */
export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const refused: string[] = [];
  let origin = '';

  const service: Omit<PushService, 'origin'> = {
    refused,
    subscribe() {
      const keys = createECDH('prime256v1');
      const publicKey = keys.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      devices.set(id, { keys, publicKey, auth, received: [], status: 201 });
      return {
        endpoint: `${origin}/push/${id}`,
        p256dh: publicKey.toString('base64url'),
        auth: auth.toString('base64url'),
      };
    },
    received: (endpoint) => devices.get(endpoint.split('/').at(-1) ?? '')?.received ?? [],
    answerWith(endpoint, status) {
      const device = devices.get(endpoint.split('/').at(-1) ?? '');
      if (device) device.status = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method === 'POST' && request.url === '/subscriptions')
        return json(201, service.subscribe());
      if (!device) return json(404, { error: 'No such subscription.' });
      if (request.method === 'GET') return json(200, device.received);
      if (request.method === 'PUT') {
        device.status = (JSON.parse((await readBody(request)).toString()) as { status: number }).status;
        return json(200, {});
      }
      const body = await readBody(request);
      if (device.status !== 201) return json(device.status, { error: 'Gone.' });
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('Not aes128gcm.');
        const { key, subject } = checkVapid(request.headers.authorization, origin);
        const payload: unknown = JSON.parse(decrypt(body, device).toString('utf8'));
        device.received.push({ payload, vapidKey: key, subject, ttl: Number(request.headers.ttl) });
        response.writeHead(201).end();
      } catch (error) {
        refused.push((error as Error).message);
        json(400, { error: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...service, origin };
}
