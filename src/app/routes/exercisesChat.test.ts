import { describe, expect, it } from 'vitest';
import { loader } from './exercisesChat';

async function statusOf(search: string): Promise<number | undefined> {
  const request = new Request(`http://localhost/exercises-chat${search}`);
  const outcome: unknown = await loader({ request, params: {}, context: undefined } as never).catch(
    (error: unknown) => error,
  );
  return (outcome as { init?: { status?: number } }).init?.status;
}

describe('chat page loader', () => {
  it('answers 404 for an unknown or malformed room key', async () => {
    for (const room of ['topic:chess', 'topic', 'dm:b:a', 'dm:a', 'dm:a:a', 'lobby', '', 'dm:a-1:b']) {
      expect(await statusOf(`?room=${encodeURIComponent(room)}`), room).toBe(404);
    }
  });
});
