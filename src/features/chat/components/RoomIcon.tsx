import { Trophy } from 'lucide-react';
import { ActivityTypeIcon } from '@/components/ActivityTypeIcon';
import { initials } from '@/lib/initials';
import type { RoomEntry } from '../types';

/** The activity's icon, a trophy for a challenge, or the friend's picture or initials; decorative, since the name is shown. */
export function RoomIcon({ room }: { room: RoomEntry }) {
  if (room.kind === 'topic' || room.kind === 'challenge') {
    return (
      <span className="chat-room-icon" aria-hidden="true">
        {room.kind === 'topic' ? <ActivityTypeIcon type={room.activityType} /> : <Trophy className="icon" />}
      </span>
    );
  }
  return room.friend.avatarUrl ? (
    <img className="chat-room-icon chat-avatar" src={room.friend.avatarUrl} alt="" width={28} height={28} />
  ) : (
    <span className="chat-room-icon chat-avatar chat-initials" aria-hidden="true">
      {initials(room.label)}
    </span>
  );
}
