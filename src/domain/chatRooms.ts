import { isObjectId } from './ids';
import { ACTIVITY_TYPES, type ActivityType } from './contract';

export type ChatRoom =
  | { kind: 'topic'; key: string; activityType: ActivityType }
  | { kind: 'dm'; key: string; userIds: readonly [string, string] }
  | { kind: 'challenge'; key: string; challengeId: string };

export function topicRoomKey(activityType: ActivityType): string {
  return `topic:${activityType}`;
}

export function dmRoomKey(userIdA: string, userIdB: string): string {
  const [first, second] = [userIdA, userIdB].sort();
  return `dm:${first}:${second}`;
}

/** Parses a room key of the contract; anything else is unknown and answers null. */
export function parseRoomKey(key: string): ChatRoom | null {
  const parts = key.split(':');
  if (parts[0] === 'topic' && parts.length === 2) {
    const activityType = ACTIVITY_TYPES.find((type) => type === parts[1]);
    return activityType ? { kind: 'topic', key, activityType } : null;
  }
  if (parts[0] === 'dm' && parts.length === 3) {
    const [, first = '', second = ''] = parts;
    if (!isObjectId(first) || !isObjectId(second) || first >= second) return null;
    return { kind: 'dm', key, userIds: [first, second] };
  }
  if (parts[0] === 'challenge' && parts.length === 2) {
    const [, challengeId = ''] = parts;
    return isObjectId(challengeId) ? { kind: 'challenge', key, challengeId } : null;
  }
  return null;
}
