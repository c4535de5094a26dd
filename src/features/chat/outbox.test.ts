import { describe, expect, it, vi } from 'vitest';
import { Outbox } from './outbox';
import type { ChatMessage } from './types';
import { deferred } from '@/test/deferred';

const saved = (room: string, text: string, id = text): ChatMessage => ({
  id,
  room,
  authorId: 'me',
  authorName: 'Me',
  text,
  createdAt: '2026-03-01T10:00:00.000Z',
  hidden: false,
});

function setup(online = { value: true }) {
  const calls: { room: string; text: string; answer: ReturnType<typeof deferred<ChatMessage>> }[] = [];
  const outbox = new Outbox({
    post: (room, text) => {
      const answer = deferred<ChatMessage>();
      calls.push({ room, text, answer });
      return answer.promise;
    },
    isOnline: () => online.value,
    describeError: (error) => (error instanceof Error ? error.message : 'failed'),
  });
  outbox.start();
  return { outbox, calls, online };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Outbox', () => {
  it('sends one message at a time, in the order written, and tells who listens', async () => {
    const { outbox, calls } = setup();
    const sent = vi.fn();
    outbox.onSent(sent);
    outbox.enqueue('topic:run', 'one');
    outbox.enqueue('topic:run', 'two');
    expect(calls.map((call) => call.text)).toEqual(['one']);
    expect(outbox.getSnapshot().map((item) => item.status)).toEqual(['sending', 'pending']);

    calls[0]?.answer.resolve(saved('topic:run', 'one'));
    await flush();
    expect(sent).toHaveBeenCalledWith(saved('topic:run', 'one'));
    expect(calls.map((call) => call.text)).toEqual(['one', 'two']);
    calls[1]?.answer.resolve(saved('topic:run', 'two'));
    await flush();
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('keeps what is written offline until resumed, then sends it in order', async () => {
    const { outbox, calls, online } = setup({ value: false });
    outbox.enqueue('topic:run', 'a');
    outbox.enqueue('topic:swim', 'b');
    expect(calls).toHaveLength(0);
    expect(outbox.getSnapshot().map((item) => item.status)).toEqual(['pending', 'pending']);

    online.value = true;
    outbox.resume();
    calls[0]?.answer.resolve(saved('topic:run', 'a'));
    await flush();
    expect(calls.map((call) => [call.room, call.text])).toEqual([
      ['topic:run', 'a'],
      ['topic:swim', 'b'],
    ]);
  });

  it('marks a failed save with its sentence, goes on with the next, and retries on request', async () => {
    const { outbox, calls } = setup();
    outbox.enqueue('topic:run', 'first');
    outbox.enqueue('topic:run', 'second');
    calls[0]?.answer.reject(new Error('Too many requests. Please wait a moment and try again.'));
    await flush();
    const [first] = outbox.getSnapshot();
    expect(first).toMatchObject({
      text: 'first',
      status: 'failed',
      error: 'Too many requests. Please wait a moment and try again.',
    });
    expect(calls[1]?.text).toBe('second');

    calls[1]?.answer.resolve(saved('topic:run', 'second'));
    await flush();
    outbox.retry(first?.localId ?? '');
    expect(calls[2]?.text).toBe('first');
  });

  it('puts a save that failed because the connection went back to waiting', async () => {
    const { outbox, calls, online } = setup();
    outbox.enqueue('topic:run', 'hello');
    online.value = false;
    calls[0]?.answer.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(outbox.getSnapshot()[0]).toMatchObject({ status: 'pending', error: null });
  });

  it('lets the message being sent be claimed when it arrives from the server first', async () => {
    const { outbox, calls } = setup();
    const sent = vi.fn();
    outbox.onSent(sent);
    outbox.enqueue('topic:run', 'hi');
    expect(outbox.claim(saved('topic:swim', 'hi'))).toBe(false);
    expect(outbox.claim(saved('topic:run', 'hi', 'srv1'))).toBe(true);
    expect(outbox.getSnapshot()).toEqual([]);
    calls[0]?.answer.resolve(saved('topic:run', 'hi', 'srv1'));
    await flush();
    expect(sent).toHaveBeenCalledOnce();
  });

  it('starts nothing new once stopped', () => {
    const { outbox, calls } = setup();
    outbox.stop();
    outbox.enqueue('topic:run', 'late');
    expect(calls).toHaveLength(0);
  });
});
