import WebSocket from 'ws';

/** One frame of Parse's LiveQuery protocol, as the server sends it. */
export interface LiveQueryMessage {
  op: string;
  clientId?: string;
  requestId?: number | null;
  code?: number;
  error?: string;
  object?: { objectId?: string; className?: string; [field: string]: unknown };
}

interface Waiter {
  matches(message: LiveQueryMessage): boolean;
  resolve(message: LiveQueryMessage): void;
}

function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** A raw LiveQuery socket: every frame the server sends is kept, so a test can ask what arrived. */
export class LiveQuerySocket {
  readonly messages: LiveQueryMessage[] = [];
  private waiters: Waiter[] = [];
  private listeners: ((message: LiveQueryMessage) => void)[] = [];
  private nextRequestId = 1;

  private constructor(
    private readonly socket: WebSocket,
    private readonly appId: string,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(frameText(data)) as LiveQueryMessage;
      this.messages.push(message);
      for (const listener of this.listeners) listener(message);
      for (const waiter of this.waiters.filter((candidate) => candidate.matches(message))) {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        waiter.resolve(message);
      }
    });
  }

  /** Calls `listener` with every frame from now on. */
  onMessage(listener: (message: LiveQueryMessage) => void): void {
    this.listeners.push(listener);
  }

  /** Calls `listener` once the socket has closed, whichever side closed it. */
  onClose(listener: () => void): void {
    if (this.socket.readyState === WebSocket.CLOSED) listener();
    else this.socket.once('close', listener);
  }

  /** `origin`: the Origin header a browser on that site would send with the upgrade. */
  static open(baseUrl: string, appId: string, origin?: string): Promise<LiveQuerySocket> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/parse`, origin ? { origin } : {});
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new LiveQuerySocket(socket, appId)));
      socket.once('error', reject);
      // A server that dies mid-connection reports an error before the close; the close is what counts.
      socket.on('error', () => undefined);
    });
  }

  /** The first frame (already received or still to come) that matches, or an error after `timeoutMs`. */
  waitFor(matches: (message: LiveQueryMessage) => boolean, timeoutMs = 5_000): Promise<LiveQueryMessage> {
    const received = this.messages.find(matches);
    if (received) return Promise.resolve(received);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        matches,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        reject(
          new Error(
            `No matching LiveQuery frame within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Answers the server's `connected` or `error` frame. */
  connect(sessionToken?: string): Promise<LiveQueryMessage> {
    this.socket.send(
      JSON.stringify({
        op: 'connect',
        applicationId: this.appId,
        ...(sessionToken ? { sessionToken } : {}),
      }),
    );
    return this.waitFor((message) => message.op === 'connected' || message.op === 'error');
  }

  /** Answers `subscribed` or `error` for this subscription, with the request id events will carry. */
  async subscribe(
    className: string,
    where: Record<string, unknown>,
    sessionToken?: string,
  ): Promise<{ requestId: number; reply: LiveQueryMessage }> {
    const requestId = this.nextRequestId++;
    this.socket.send(
      JSON.stringify({
        op: 'subscribe',
        requestId,
        query: { className, where },
        ...(sessionToken ? { sessionToken } : {}),
      }),
    );
    const reply = await this.waitFor(
      (message) => message.requestId === requestId && (message.op === 'subscribed' || message.op === 'error'),
    );
    return { requestId, reply };
  }

  /** The `create` event of one object in one subscription. */
  created(requestId: number, objectId: string, timeoutMs = 5_000): Promise<LiveQueryMessage> {
    return this.waitFor(
      (message) =>
        message.op === 'create' && message.requestId === requestId && message.object?.objectId === objectId,
      timeoutMs,
    );
  }

  /** Every event (create, update, enter, leave, delete) received for one subscription so far. */
  eventsOf(requestId: number): LiveQueryMessage[] {
    const events = ['create', 'update', 'enter', 'leave', 'delete'];
    return this.messages.filter((message) => message.requestId === requestId && events.includes(message.op));
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
