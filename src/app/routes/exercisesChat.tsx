import { useMemo } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import { useOnlineStatus } from '@/components/useOnlineStatus';
import { parseRoomKey } from '@/domain/chatRooms';
import {
  ChatRoom,
  DEFAULT_ROOM,
  RoomList,
  loadChatPage,
  useOutbox,
  type ChatPageData,
} from '@/features/chat';
import { moderates, type AccountStanding } from '@/domain/moderation';
import { settingsPath } from '@/domain/settingsSections';
import {
  MODERATION_INTENTS,
  MUTE_INTENTS,
  ModerationMenu,
  SlowModeRow,
  loadMutedUsers,
  loadSlowMode,
  shownDateTime,
  standingFor,
  type ModerationActionResult,
} from '@/features/moderation';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { runIntent } from '@/lib/routeActions';
import { loadFailure, requireSignedIn } from '../guards';
import { requireValidSearch } from '../validity';

const isRoomKey = (value: string) => parseRoomKey(value) !== null;

/** What this person's moderation adds to the chat: whom they muted, and a moderator's tools. */
interface Moderation {
  muted: string[];
  moderator: boolean;
  /** The topic room's slow mode, for a moderator; null elsewhere. */
  slowModeSeconds: number | null;
  /** A moderator's mute on this person: the composer gives way to until when and why. */
  chatMute: AccountStanding['chatMute'];
}

interface LoaderData {
  chat: ChatPageData | null;
  moderation: Moderation;
  loadError: string | null;
}

const NO_MODERATION: Moderation = { muted: [], moderator: false, slowModeSeconds: null, chatMute: null };

/** Mutes and standing are extras: the chat shows without them when they cannot be had. */
async function loadModeration(meId: string, roomKey: string): Promise<Moderation> {
  const [muted, standing] = await Promise.all([
    loadMutedUsers().catch(() => []),
    standingFor(meId).catch(() => null),
  ]);
  const moderator = standing ? moderates(standing.role) : false;
  const topic = parseRoomKey(roomKey)?.kind === 'topic';
  const slowModeSeconds = moderator && topic ? await loadSlowMode(roomKey).catch(() => null) : null;
  const chatMute = standing?.chatMute ?? null;
  return { muted: muted.map((person) => person.userId), moderator, slowModeSeconds, chatMute };
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const params = requireValidSearch(request, { room: isRoomKey });
  const roomKey = params.get('room') ?? DEFAULT_ROOM;
  const user = await requireSignedIn(request);
  try {
    const [chat, moderation] = await Promise.all([
      loadChatPage(user.id, roomKey),
      loadModeration(user.id, roomKey),
    ]);
    return { chat, moderation, loadError: null };
  } catch (error) {
    return { chat: null, moderation: NO_MODERATION, loadError: loadFailure(request, error) };
  }
}

/** Muting from a message's menu, and a moderator's hiding and slow mode. */
export async function action({ request }: ActionFunctionArgs): Promise<ModerationActionResult> {
  return runIntent<ModerationActionResult>(await request.formData(), {
    ...MUTE_INTENTS,
    moderate: MODERATION_INTENTS.moderate,
    slowMode: MODERATION_INTENTS.slowMode,
  });
}

export function Component() {
  const t = useT();
  const { chat, moderation, loadError } = useLoaderData<LoaderData>();
  if (!chat) {
    return (
      <PageLoadFailure title={t('chat.page.title')} sentence={t('chat.page.loadFailed')} reason={loadError} />
    );
  }
  return <ChatPage chat={chat} moderation={moderation} />;
}

function ChatPage({ chat, moderation }: { chat: ChatPageData; moderation: Moderation }) {
  const t = useT();
  const online = useOnlineStatus();
  const muted = useMemo(() => new Set(moderation.muted), [moderation.muted]);
  // One outbox for the page, so messages waiting to be sent survive a change of room.
  const outbox = useOutbox(online);
  const { current } = chat;
  return (
    <PageFrame title={t('chat.page.title')}>
      <div className="chat-layout">
        <RoomList rooms={chat.rooms} currentKey={chat.roomKey} unread={chat.unread} />
        {current ? (
          <ChatRoom
            key={current.key}
            room={current}
            meId={chat.meId}
            names={chat.names}
            initial={chat.page}
            outbox={outbox}
            mutedAuthors={muted}
            messageMenu={(message, author) => (
              <ModerationMenu
                label={t('chat.message.menu', { name: author })}
                userId={message.authorId}
                muted={muted.has(message.authorId)}
                report={{ kind: 'message', id: message.id, name: author }}
                hide={moderation.moderator ? { kind: 'message', id: message.id } : undefined}
              />
            )}
            composerNotice={
              moderation.chatMute ? (
                <div className="chat-muted-notice" role="status">
                  <p>
                    {t('moderation.standing.chatMuteUntil', {
                      until: shownDateTime(moderation.chatMute.until),
                    })}
                  </p>
                  <p>{t('chat.room.mutedReason', { reason: moderation.chatMute.reason })}</p>
                  <p>
                    <Link to={settingsPath('standing')}>{t('chat.room.mutedAppeal')}</Link>
                  </p>
                </div>
              ) : undefined
            }
            roomTools={
              moderation.slowModeSeconds === null ? undefined : (
                <details className="chat-room-tools">
                  <summary>{t('chat.room.slowMode')}</summary>
                  <ul className="slow-mode-list">
                    <SlowModeRow
                      room={{ room: current.key, label: current.label, seconds: moderation.slowModeSeconds }}
                    />
                  </ul>
                </details>
              )
            }
          />
        ) : (
          <section className="card chat-room" aria-labelledby="chat-not-friend">
            <h2 id="chat-not-friend">{t('chat.page.friendsOnlyHeading')}</h2>
            <p>
              <T id="chat.page.friendsOnly" components={{ 0: <Link to="/friends-ranking" /> }} />
            </p>
          </section>
        )}
      </div>
    </PageFrame>
  );
}
