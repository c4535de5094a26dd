import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { errorSentence } from '@/lib/errors';
import {
  deleteMessage,
  loadLatestMessages,
  loadMessagesSince,
  loadOlderMessages,
  subscribeToRoom,
} from './api';
import type { Outbox } from './outbox';
import { initialRoomState, roomReducer } from './roomState';
import { markSeen } from './rooms';
import type { ChatMessage, MessagePage } from './types';

export type LiveStatus = 'connecting' | 'live' | 'unavailable';

export interface UseChatRoomOptions {
  room: string;
  meId: string;
  initial: MessagePage;
  outbox: Outbox;
  online: boolean;
}

/**
 * One room's messages: the page the loader fetched, live ones over LiveQuery, older pages on
 * request, and what was missed while the connection was down.
 */
export function useChatRoom({ room, meId, initial, outbox, online }: UseChatRoomOptions) {
  const [state, dispatch] = useReducer(roomReducer, initial, initialRoomState);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const newest = useRef<string | null>(initial.messages.at(-1)?.createdAt ?? null);
  const catchingUp = useRef({ busy: false, again: false });

  useEffect(() => {
    const last = state.messages.at(-1)?.createdAt;
    if (last && (newest.current === null || last > newest.current)) newest.current = last;
    if (last) markSeen(meId, room, last);
  }, [state.messages, meId, room]);

  const receive = useEffectEvent((incoming: readonly ChatMessage[]) => {
    const known = new Set(state.messages.map((message) => message.id));
    for (const message of incoming) {
      if (message.authorId === meId && !known.has(message.id)) outbox.claim(message);
    }
    dispatch({ type: 'merge', messages: incoming });
  });

  /** Fetches what came after the newest message known; calls made meanwhile run it once more. */
  const catchUp = useEffectEvent(async () => {
    const run = catchingUp.current;
    if (run.busy) {
      run.again = true;
      return;
    }
    run.busy = true;
    do {
      run.again = false;
      try {
        const since = newest.current;
        const missed = since
          ? await loadMessagesSince(room, since)
          : (await loadLatestMessages(room)).messages;
        const last = missed.at(-1)?.createdAt;
        if (last && (newest.current === null || last > newest.current)) newest.current = last;
        receive(missed);
      } catch {
        // Still unreachable: the next reconnect or 'online' event tries again.
      }
    } while (run.again);
    run.busy = false;
  });

  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    subscribeToRoom(room, {
      onCreate: (message) => {
        if (active) receive([message]);
      },
      onUpdate: (message) => {
        if (!active) return;
        // A message hidden by a moderator leaves everyone's chat but its author's, who sees it marked.
        if (message.hidden && message.authorId !== meId) dispatch({ type: 'remove', id: message.id });
        else dispatch({ type: 'update', message });
      },
      onDelete: (id) => {
        if (active) dispatch({ type: 'remove', id });
      },
      onOpen: () => {
        if (!active) return;
        setLive('live');
        void catchUp();
      },
      onClose: () => {
        if (active) setLive('connecting');
      },
    }).then(
      (unsubscribe) => {
        if (active) stop = unsubscribe;
        else unsubscribe();
      },
      () => {
        if (active) setLive('unavailable');
      },
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [room, meId]);

  useEffect(
    () =>
      outbox.onSent((message) => {
        if (message.room === room) dispatch({ type: 'merge', messages: [message] });
      }),
    [outbox, room],
  );

  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void catchUp();
    wasOnline.current = online;
  }, [online]);

  /** Fetches the page before the oldest message; `beforeShow` runs just before it is shown. */
  async function loadOlder(beforeShow: () => void): Promise<void> {
    const oldest = state.messages[0];
    if (!oldest || state.loadingOlder) return;
    dispatch({ type: 'olderLoading' });
    try {
      const page = await loadOlderMessages(room, oldest.createdAt);
      beforeShow();
      dispatch({ type: 'older', page });
    } catch (error) {
      dispatch({ type: 'olderFailed', error: errorSentence(error) });
    }
  }

  /** Deletes one's own message; answers the sentence to show when that failed. */
  async function remove(id: string): Promise<string | null> {
    try {
      await deleteMessage(id);
      dispatch({ type: 'remove', id });
      return null;
    } catch (error) {
      return errorSentence(error);
    }
  }

  return { ...state, live, loadOlder, remove };
}
