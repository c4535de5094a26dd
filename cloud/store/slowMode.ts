import { MASTER } from '../parse';
import { chatRoomRuleClass } from '../schema/chatRoomRule';
import { queryOf } from '../schema/rows';

/** The slow mode of a room, in seconds: 0 when none is set (and in rooms that are not topic rooms). */
export async function slowModeOf(room: string): Promise<number> {
  const rule = await queryOf(chatRoomRuleClass).equalTo('room', room).first(MASTER);
  return rule?.get('slowModeSeconds') ?? 0;
}
