import { useId, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useOnlineStatus } from '@/components/useOnlineStatus';
import { useT, type MessageId } from '@/i18n';
import { authorLabel } from '../messages';
import type { Outbox } from '../outbox';
import type { ChatMessage, MessagePage, RoomEntry } from '../types';
import { useChatRoom, type LiveStatus } from '../useChatRoom';
import { Composer } from './Composer';
import { OutgoingMessage, SavedMessage } from './MessageItem';
import { RoomIcon } from './RoomIcon';

export interface ChatRoomProps {
  room: RoomEntry;
  meId: string;
  names: Readonly<Record<string, string>>;
  initial: MessagePage;
  outbox: Outbox;
  /** People this person muted: their messages are not shown here. */
  mutedAuthors?: ReadonlySet<string>;
  /** The menu of someone else's message, with the name shown for its author. */
  messageMenu?: (message: ChatMessage, author: string) => ReactNode;
  /** Shown under the room's heading (a moderator's slow mode). */
  roomTools?: ReactNode;
  /** Shown instead of the composer while this person may not write (a moderator's mute). */
  composerNotice?: ReactNode;
}

const LIVE_TEXT: Readonly<Record<LiveStatus, MessageId>> = {
  connecting: 'chat.live.connecting',
  live: 'chat.live.live',
  unavailable: 'chat.live.unavailable',
};

/** Closer than this to the bottom counts as reading the newest messages: new ones scroll into view. */
const BOTTOM_SLACK_PX = 48;

/** One room: its messages (newest at the bottom), older pages on request, and the composer. */
export function ChatRoom({
  room,
  meId,
  names,
  initial,
  outbox,
  mutedAuthors,
  messageMenu,
  roomTools,
  composerNotice,
}: ChatRoomProps) {
  const t = useT();
  const online = useOnlineStatus();
  const chat = useChatRoom({ room: room.key, meId, initial, outbox, online });
  const items = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  const outgoing = items.filter((item) => item.room === room.key);
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  const keepScroll = useRef<{ height: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const kept = keepScroll.current;
    if (kept) {
      // Older messages went in above: keep the ones being read where they were.
      keepScroll.current = null;
      log.scrollTop = kept.top + (log.scrollHeight - kept.height);
      // The button that loaded them is gone when there is nothing older: keep focus in the log.
      if (document.activeElement === document.body) log.focus({ preventScroll: true });
    } else if (atBottom.current) {
      log.scrollTop = log.scrollHeight;
    }
  }, [chat.messages, outgoing.length]);

  // Muting is this person's own filter: the messages stay in the room for everyone else.
  const shown = mutedAuthors?.size
    ? chat.messages.filter((message) => !mutedAuthors.has(message.authorId))
    : chat.messages;
  const empty = shown.length === 0 && outgoing.length === 0;

  return (
    <section className="card chat-room" aria-labelledby={headingId}>
      <div className="chat-room-header">
        <h2 id={headingId}>
          <RoomIcon room={room} />
          <span>{room.label}</span>
        </h2>
        <p className={`chat-live-status chat-live-${chat.live}`}>{t(LIVE_TEXT[chat.live])}</p>
      </div>
      {roomTools}
      <div role="status" className="chat-offline-region">
        {online ? null : <p className="chat-offline">{t('chat.room.offline')}</p>}
      </div>
      <div
        ref={logRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={t('chat.room.logLabel', { room: room.label })}
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < BOTTOM_SLACK_PX;
        }}
      >
        {chat.hasOlder ? (
          <button
            type="button"
            className="button-secondary chat-older"
            aria-disabled={chat.loadingOlder ? true : undefined}
            onClick={() =>
              void chat.loadOlder(() => {
                const log = logRef.current;
                if (log) keepScroll.current = { height: log.scrollHeight, top: log.scrollTop };
              })
            }
          >
            {chat.loadingOlder ? t('chat.room.loadingOlder') : t('chat.room.loadOlder')}
          </button>
        ) : null}
        {chat.olderError ? <p className="field-error">{chat.olderError}</p> : null}
        {empty ? (
          <p className="empty-note chat-empty">{t('chat.room.empty')}</p>
        ) : (
          <ol className="chat-messages">
            {shown.map((message) => {
              const author = authorLabel(message, meId, names);
              return (
                <SavedMessage
                  key={message.id}
                  author={author}
                  mine={message.authorId === meId}
                  createdAt={message.createdAt}
                  text={message.text}
                  hidden={message.hidden}
                  menu={messageMenu?.(message, author)}
                  onDelete={async () => {
                    const failure = await chat.remove(message.id);
                    if (failure === null) composerRef.current?.focus();
                    return failure;
                  }}
                />
              );
            })}
            {outgoing.map((item) => (
              <OutgoingMessage
                key={item.localId}
                item={item}
                online={online}
                onRetry={() => outbox.retry(item.localId)}
              />
            ))}
          </ol>
        )}
      </div>
      {room.kind === 'challenge' && room.ended ? (
        <p className="empty-note">{t('chat.room.challengeEnded')}</p>
      ) : composerNotice ? (
        composerNotice
      ) : (
        <Composer
          inputRef={composerRef}
          onSend={(text) => {
            atBottom.current = true;
            outbox.enqueue(room.key, text);
          }}
        />
      )}
    </section>
  );
}
