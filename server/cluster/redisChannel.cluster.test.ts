import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, type RedisClient } from './redis';
import { listenToChannel, type ChannelListener } from './redisChannel';
import { RedisProcess, waitUntil } from '../test/cluster';

/** What a node hears from the others through one real Redis, and what it is told when it may have missed some. */

const CHANNEL = 'fitstreak:test-channel';

let redis: RedisProcess;
let publisher: RedisClient;
let listener: ChannelListener | undefined;

beforeAll(async () => {
  redis = await RedisProcess.start();
  publisher = connectRedis(redis.url, 'test publisher', () => undefined);
  await waitUntil('the publisher connected', () => publisher.isReady);
});

afterAll(async () => {
  await listener?.stop();
  if (publisher) await closeRedis(publisher);
  await redis?.stop();
});

describe('listenToChannel', () => {
  it('hears messages once subscribed, says when it is cut off and when it hears again', async () => {
    const heard: string[] = [];
    const events: string[] = [];
    listener = listenToChannel(
      redis.url,
      'test listener',
      CHANNEL,
      {
        onMessage: (message) => heard.push(message),
        onSubscribed: () => events.push('subscribed'),
        onCutOff: () => events.push('cut off'),
        onResumed: () => events.push('resumed'),
      },
      () => undefined,
    );
    await waitUntil('the listener subscribed', () => listener?.listening() === true);
    await publisher.publish(CHANNEL, 'first');
    await waitUntil('the first message heard', () => heard.includes('first'));

    await redis.stop();
    await waitUntil('the cut-off noticed', () => events.includes('cut off'));
    expect(listener.listening()).toBe(false);

    await redis.start();
    await waitUntil('listening again', () => listener?.listening() === true, 10_000);
    await waitUntil('the publisher back', () => publisher.isReady, 10_000);
    await publisher.publish(CHANNEL, 'second');
    await waitUntil('the second message heard', () => heard.includes('second'));

    expect(events).toEqual(['subscribed', 'cut off', 'resumed']);
    expect(heard).toEqual(['first', 'second']);
  });
});
