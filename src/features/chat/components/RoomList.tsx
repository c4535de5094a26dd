import { Suspense, use, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { unreadBadgeText } from '../rooms';
import type { RoomEntry, UnreadCounts } from '../types';
import { RoomIcon } from './RoomIcon';

export interface RoomListProps {
  rooms: readonly RoomEntry[];
  /** The room shown, or a room key that is not in the list. */
  currentKey: string;
  unread: Promise<UnreadCounts>;
}

const roomLink = (key: string) => `?room=${key}`;

/** The rooms: a list of links on wide screens, a select on narrow ones (CSS shows one of the two). */
export function RoomList({ rooms, currentKey, unread }: RoomListProps) {
  const t = useT();
  const topics = rooms.filter((room) => room.kind === 'topic');
  const friends = rooms.filter((room) => room.kind === 'dm');
  const challenges = rooms.filter((room) => room.kind === 'challenge');
  return (
    <div className="chat-rooms">
      <Suspense fallback={<RoomSelect rooms={rooms} currentKey={currentKey} counts={{}} />}>
        <CountedRoomSelect rooms={rooms} currentKey={currentKey} unread={unread} />
      </Suspense>
      <nav className="chat-room-nav" aria-label={t('chat.rooms.navLabel')}>
        <h2 className="chat-rooms-heading">{t('chat.rooms.activities')}</h2>
        <RoomLinks rooms={topics} currentKey={currentKey} unread={unread} />
        <h2 className="chat-rooms-heading">{t('chat.rooms.friends')}</h2>
        {friends.length > 0 ? (
          <RoomLinks rooms={friends} currentKey={currentKey} unread={unread} />
        ) : (
          <p className="chat-rooms-empty">
            <T id="chat.rooms.noFriends" components={{ 0: <Link to="/friends-ranking" /> }} />
          </p>
        )}
        {challenges.length > 0 ? (
          <>
            <h2 className="chat-rooms-heading">{t('chat.rooms.challenges')}</h2>
            <RoomLinks rooms={challenges} currentKey={currentKey} unread={unread} />
          </>
        ) : null}
      </nav>
    </div>
  );
}

function RoomLinks({ rooms, currentKey, unread }: RoomListProps) {
  return (
    <ul className="chat-room-links">
      {rooms.map((room) => (
        <li key={room.key}>
          <Link to={roomLink(room.key)} aria-current={room.key === currentKey ? 'page' : undefined}>
            <RoomIcon room={room} />
            <span className="chat-room-name">{room.label}</span>
            {room.key === currentKey ? null : (
              <Suspense fallback={null}>
                <UnreadBadge roomKey={room.key} unread={unread} />
              </Suspense>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function UnreadBadge({ roomKey, unread }: { roomKey: string; unread: Promise<UnreadCounts> }) {
  const count = use(unread)[roomKey] ?? 0;
  if (count === 0) return null;
  return (
    <span className="chat-unread">
      <T
        id="chat.rooms.unreadBadge"
        values={{ count: unreadBadgeText(count) }}
        components={{ 0: <span className="visually-hidden" /> }}
      />
    </span>
  );
}

function CountedRoomSelect(props: RoomListProps) {
  return <RoomSelect rooms={props.rooms} currentKey={props.currentKey} counts={use(props.unread)} />;
}

function RoomSelect({
  rooms,
  currentKey,
  counts,
}: {
  rooms: readonly RoomEntry[];
  currentKey: string;
  counts: UnreadCounts;
}) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const known = rooms.some((room) => room.key === currentKey);
  const option = (room: RoomEntry) => {
    const count = room.key === currentKey ? 0 : (counts[room.key] ?? 0);
    return (
      <option key={room.key} value={room.key}>
        {count > 0
          ? t('chat.rooms.optionUnread', { name: room.label, count: unreadBadgeText(count) })
          : room.label}
      </option>
    );
  };
  return (
    <div className="form-field chat-room-select">
      <label htmlFor={id}>{t('chat.rooms.roomLabel')}</label>
      <select
        id={id}
        value={known ? currentKey : ''}
        onChange={(event) => void navigate(roomLink(event.target.value))}
      >
        {known ? null : (
          <option value="" disabled>
            {t('chat.rooms.choose')}
          </option>
        )}
        <optgroup label={t('chat.rooms.activities')}>
          {rooms.filter((room) => room.kind === 'topic').map(option)}
        </optgroup>
        {rooms.some((room) => room.kind === 'dm') ? (
          <optgroup label={t('chat.rooms.friends')}>
            {rooms.filter((room) => room.kind === 'dm').map(option)}
          </optgroup>
        ) : null}
        {rooms.some((room) => room.kind === 'challenge') ? (
          <optgroup label={t('chat.rooms.challenges')}>
            {rooms.filter((room) => room.kind === 'challenge').map(option)}
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
