import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Open Food Facts product API (`GET /api/v2/product/<code>.json`) that a test
 * run starts, answering as the real one does: `{ code, status: 1, product }` for a known code,
 * 404 with `status: 0` for another. Records every request; a code in `slow` is answered after
 * `slowMs`.
 */
export interface OffStandIn {
  url: string;
  requests: { code: string; userAgent: string | undefined }[];
  close(): Promise<void>;
}

export async function startOffStandIn(
  products: Readonly<Record<string, Record<string, unknown>>>,
  { slow = [], slowMs = 5000 }: { slow?: readonly string[]; slowMs?: number } = {},
): Promise<OffStandIn> {
  const requests: OffStandIn['requests'] = [];
  const server = createServer((request, response) => {
    const match = /^\/api\/v2\/product\/(\d+)\.json(\?|$)/.exec(request.url ?? '');
    const code = match?.[1] ?? '';
    requests.push({ code, userAgent: request.headers['user-agent'] });
    const answer = () => {
      const product = products[code];
      response.writeHead(product ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          product
            ? { code, status: 1, status_verbose: 'product found', product }
            : { code, status: 0, status_verbose: 'product not found' },
        ),
      );
    };
    if (slow.includes(code)) setTimeout(answer, slowMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
