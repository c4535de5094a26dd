import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
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
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { loadFailure, requireSignedIn } from '../guards';
import { requireValidSearch } from '../validity';

const isRoomKey = (value: string) => parseRoomKey(value) !== null;

interface LoaderData {
  chat: ChatPageData | null;
  loadError: string | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const params = requireValidSearch(request, { room: isRoomKey });
  const roomKey = params.get('room') ?? DEFAULT_ROOM;
  const user = await requireSignedIn(request);
  try {
    return { chat: await loadChatPage(user.id, roomKey), loadError: null };
  } catch (error) {
    return { chat: null, loadError: loadFailure(request, error) };
  }
}

export function Component() {
  const t = useT();
  const { chat, loadError } = useLoaderData<LoaderData>();
  if (!chat) {
    return (
      <PageLoadFailure title={t('chat.page.title')} sentence={t('chat.page.loadFailed')} reason={loadError} />
    );
  }
  return <ChatPage chat={chat} />;
}

function ChatPage({ chat }: { chat: ChatPageData }) {
  const t = useT();
  const online = useOnlineStatus();
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
