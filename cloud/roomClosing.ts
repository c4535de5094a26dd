/**
 * A private room may be read only by who may subscribe to it, so LiveQuery needs no check per
 * message: a subscription is checked once (`beforeSubscribe`), and when someone stops being a
 * reader of a room (a friendship ended, a challenge left) their subscriptions to it are ended, on
 * every node. The server provides how once LiveQuery runs; this module imports nothing of Parse,
 * so the server can load it before Parse starts.
 */
export interface RoomClosing {
  /** Ends the subscriptions to `room` of `userIds` (of everyone when omitted) on every node. */
  closeRoom(room: string, userIds?: readonly string[]): Promise<void>;
  /** Makes LiveQuery read these people's roles afresh, on every node, before its next event. */
  forgetRoles(userIds: readonly string[]): void;
}

let closing: RoomClosing | undefined;

export function provideRoomClosing(provided: RoomClosing | undefined): void {
  closing = provided;
}

/** Ends every subscription to `room` (or those of `userIds`) on every node. */
export async function closeRoomSubscriptions(room: string, userIds?: readonly string[]): Promise<void> {
  await closing?.closeRoom(room, userIds);
}

/** LiveQuery keeps a socket's roles for a few seconds; a reader added now must not wait for them. */
export function forgetCachedRoles(userIds: readonly string[]): void {
  closing?.forgetRoles(userIds);
}
