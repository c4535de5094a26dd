import { initialRoomState, roomReducer, type RoomState } from '../../src/features/chat/roomState';
import type { ChatMessage } from '../../src/features/chat/types';
import { LiveQuerySocket, type LiveQueryMessage } from './liveQuery';
import { restClient, type Account, type ServerTarget } from './rest';

function toMessage(object: NonNullable<LiveQueryMessage['object']>): ChatMessage {
  const author = object.author as { objectId?: unknown } | undefined;
  return {
    id: String(object.objectId),
    room: String(object.room),
    authorId: typeof author?.objectId === 'string' ? author.objectId : '',
    authorName: typeof object.authorName === 'string' ? object.authorName : '',
    text: typeof object.text === 'string' ? object.text : '',
    createdAt: typeof object.createdAt === 'string' ? object.createdAt : '',
    hidden: object.hiddenAt !== undefined,
  };
}

/**
 * One person reading a chat room as the chat page does (src/features/chat/useChatRoom.ts): live
 * messages over LiveQuery, and whenever the socket (re)opens, the messages since the newest one it
 * has, fetched with the page's own query and merged by the page's own reducer, so each is shown
 * once. Where the browser's SDK reconnects to the same address behind a load balancer, this one
 * reconnects to the next node of `nodes` that answers, as a load balancer would send it.
 */
export class ChatFollower {
  private state: RoomState = initialRoomState({ messages: [], hasOlder: false });
  private socket: LiveQuerySocket | undefined;
  private stopped = false;
  private node = 0;
  /** How many times the socket opened: 1, plus one per reconnection. */
  opens = 0;

  constructor(
    private readonly nodes: () => readonly ServerTarget[],
    private readonly account: Account,
    private readonly room: string,
  ) {}

  get messages(): readonly ChatMessage[] {
    return this.state.messages;
  }

  /** The node the socket is on now. */
  get baseUrl(): string | undefined {
    return this.nodes()[this.node % this.nodes().length]?.baseUrl;
  }

  async start(): Promise<void> {
    await this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.socket?.close();
  }

  private merge(messages: readonly ChatMessage[]): void {
    this.state = roomReducer(this.state, { type: 'merge', messages });
  }

  private async open(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      const targets = this.nodes();
      const target = targets[this.node % targets.length];
      if (!target) throw new Error('No node to follow the chat on.');
      let socket: LiveQuerySocket | undefined;
      try {
        socket = await LiveQuerySocket.open(target.baseUrl, target.appId);
        const connected = await socket.connect(this.account.sessionToken);
        if (connected.op !== 'connected') throw new Error(JSON.stringify(connected));
        const { requestId, reply } = await socket.subscribe(
          'ChatMessage',
          { room: this.room },
          this.account.sessionToken,
        );
        if (reply.op !== 'subscribed') throw new Error(JSON.stringify(reply));
        this.socket = socket;
        this.opens += 1;
        const opened = socket;
        opened.onMessage((message) => {
          if (message.op === 'create' && message.requestId === requestId && message.object) {
            this.merge([toMessage(message.object)]);
          }
        });
        opened.onClose(() => {
          if (this.stopped || this.socket !== opened) return;
          this.node += 1;
          void this.open();
        });
        await this.catchUp(target);
        return;
      } catch {
        if (socket) {
          if (this.socket === socket) this.socket = undefined;
          await socket.close();
        }
        this.node += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1_000)));
      }
    }
  }

  /** The page's catch-up query: the room's messages from the newest known one on, oldest first. */
  private async catchUp(target: ServerTarget): Promise<void> {
    const since = this.state.messages.at(-1)?.createdAt;
    const where = {
      room: this.room,
      ...(since ? { createdAt: { $gte: { __type: 'Date', iso: since } } } : {}),
    };
    const query = new URLSearchParams({ where: JSON.stringify(where), order: 'createdAt', limit: '1000' });
    const { status, body } = await restClient(target).request('GET', `/parse/classes/ChatMessage?${query}`, {
      sessionToken: this.account.sessionToken,
    });
    if (status !== 200) throw new Error(`Catching up failed (${status}): ${JSON.stringify(body)}`);
    this.merge((body.results ?? []).map((row) => toMessage(row)));
  }
}
