import { closeRedis, connectRedis, type RedisClient } from './redis';

export interface ChannelListener {
  /** Whether it is subscribed now, so that no message published from here on is missed. */
  readonly listening: () => boolean;
  stop(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(message: string): void;
  /** Subscribed for the first time: from now on nothing is missed. */
  onSubscribed?(): void;
  /** The connection was lost after subscribing: messages published meanwhile are lost for good. */
  onCutOff?(): void;
  /** Subscribed again after a cut-off: from now on nothing is missed. */
  onResumed?(): void;
}

/**
 * Hears `channel` on a Redis connection of its own (a subscribed connection can do nothing else).
 * Redis pub/sub delivers at most once: a node cut off from Redis misses what was published
 * meanwhile, so `onCutOff` and `onListening` let the caller drop or redo what may have been missed.
 */
export function listenToChannel(
  url: string,
  purpose: string,
  channel: string,
  handlers: ChannelHandlers,
  log: (line: string) => void,
): ChannelListener {
  const listener: RedisClient = connectRedis(url, purpose, log);
  let subscribed = false;
  let listening = false;
  listener.on('error', () => {
    if (!listening) return;
    listening = false;
    handlers.onCutOff?.();
  });
  listener.on('ready', () => {
    if (!subscribed) {
      listener
        .subscribe(channel, (message) => handlers.onMessage(message))
        .then(
          () => {
            subscribed = true;
            listening = true;
            handlers.onSubscribed?.();
          },
          () => undefined,
        );
      return;
    }
    // The client subscribes again by itself once it has reconnected.
    if (listening) return;
    listening = true;
    handlers.onResumed?.();
  });
  return { listening: () => listening, stop: () => closeRedis(listener) };
}
