import type { ChatMessage } from './types';

/** pending: waiting for its turn or for the connection; sending: saving now; failed: the save failed. */
export type OutboxStatus = 'pending' | 'sending' | 'failed';

export interface OutboxItem {
  localId: string;
  room: string;
  text: string;
  status: OutboxStatus;
  /** Why the save failed, as a sentence. */
  error: string | null;
  /** When it was written, by this device's clock: only for showing. */
  writtenAt: string;
}

export interface OutboxOptions {
  post: (room: string, text: string) => Promise<ChatMessage>;
  isOnline: () => boolean;
  describeError: (error: unknown) => string;
}

type SentListener = (message: ChatMessage) => void;

/**
 * Messages written on this page and not yet saved, kept in memory. They are saved one at a time
 * in the order written, only while the device is online; what fails waits for Retry.
 */
export class Outbox {
  private items: readonly OutboxItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<SentListener>();
  private busy = false;
  private stopped = false;
  private counter = 0;

  constructor(private readonly options: OutboxOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): readonly OutboxItem[] => this.items;

  /** Called with each message once the server has saved it. */
  onSent(listener: SentListener): () => void {
    this.sentListeners.add(listener);
    return () => {
      this.sentListeners.delete(listener);
    };
  }

  enqueue(room: string, text: string): void {
    this.counter += 1;
    this.set([
      ...this.items,
      {
        localId: `local-${this.counter}`,
        room,
        text,
        status: 'pending',
        error: null,
        writtenAt: new Date().toISOString(),
      },
    ]);
    void this.pump();
  }

  retry(localId: string): void {
    this.update(localId, { status: 'pending', error: null });
    void this.pump();
  }

  /** Back online: send what waited. */
  resume(): void {
    void this.pump();
  }

  /**
   * One's own message arrived from the server (live, or in a catch-up) before its save answered:
   * if it is the one being sent, it is no longer outstanding. Answers whether it was.
   */
  claim(message: ChatMessage): boolean {
    const item = this.items.find(
      (candidate) =>
        candidate.status === 'sending' && candidate.room === message.room && candidate.text === message.text,
    );
    if (!item) return false;
    this.set(this.items.filter((candidate) => candidate !== item));
    return true;
  }

  /** The page is open: send what waits. */
  start(): void {
    this.stopped = false;
    void this.pump();
  }

  /**
   * The page is closed: start no further save (a later session on this device must never send
   * them); a save under way still finishes.
   */
  stop(): void {
    this.stopped = true;
  }

  private set(items: readonly OutboxItem[]): void {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private update(localId: string, patch: Partial<OutboxItem>): void {
    if (!this.items.some((item) => item.localId === localId)) return;
    this.set(this.items.map((item) => (item.localId === localId ? { ...item, ...patch } : item)));
  }

  private async pump(): Promise<void> {
    if (this.busy || this.stopped || !this.options.isOnline()) return;
    const next = this.items.find((item) => item.status === 'pending');
    if (!next) return;
    this.busy = true;
    this.update(next.localId, { status: 'sending', error: null });
    try {
      const message = await this.options.post(next.room, next.text);
      this.set(this.items.filter((item) => item.localId !== next.localId));
      for (const listener of this.sentListeners) listener(message);
    } catch (error) {
      // Lost the connection on the way: wait for it like the messages written offline.
      this.update(
        next.localId,
        this.options.isOnline()
          ? { status: 'failed', error: this.options.describeError(error) }
          : { status: 'pending', error: null },
      );
    } finally {
      this.busy = false;
    }
    void this.pump();
  }
}
