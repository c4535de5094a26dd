/**
 * A room may be read only by who may subscribe to it, so LiveQuery needs no check per message: a
 * subscription is checked once (`beforeSubscribe`), and when a friend room stops being readable (the
 * friendship ended) its subscriptions are ended, on every node. The server provides how once
 * LiveQuery runs; this module imports nothing of Parse, so the server can load it before Parse starts.
 */
export type RoomCloser = (room: string) => Promise<void>;

let roomCloser: RoomCloser | undefined;

export function provideRoomCloser(closer: RoomCloser | undefined): void {
  roomCloser = closer;
}

/** Ends every subscription to `room` on every node. */
export async function closeRoomSubscriptions(room: string): Promise<void> {
  await roomCloser?.(room);
}
