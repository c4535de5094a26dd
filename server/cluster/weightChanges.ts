import {
  forgetLatestWeight,
  provideWeightChangeBroadcast,
  rememberLatestWeights,
} from '../../cloud/latestWeights';
import type { RedisClient } from './redis';
import { listenToChannel } from './redisChannel';

/** Where a node tells the others whose weigh-ins changed. */
export const WEIGHT_CHANGES_CHANNEL = 'fitstreak:weight-changes';

export interface WeightChanges {
  stop(): Promise<void>;
}

/**
 * Lets every node remember latest weights (cloud/latestWeights.ts) and forget them when a weigh-in
 * changes anywhere. Without Redis there is one node, which hears its own changes. With Redis a
 * node remembers only while it is subscribed to the others' changes: before the first
 * subscription, and from a cut-off until it is back, it reads every weight from the database.
 */
export function shareWeightChanges(
  redis: { url: string; publisher: RedisClient } | undefined,
  log: (line: string) => void,
): WeightChanges {
  if (!redis) {
    rememberLatestWeights(true);
    return { stop: () => Promise.resolve() };
  }
  rememberLatestWeights(false);
  const listener = listenToChannel(
    redis.url,
    'weigh-in changes',
    WEIGHT_CHANGES_CHANNEL,
    {
      onMessage: forgetLatestWeight,
      onSubscribed: () => rememberLatestWeights(true),
      onCutOff: () => rememberLatestWeights(false),
      onResumed: () => rememberLatestWeights(true),
    },
    log,
  );
  provideWeightChangeBroadcast(async (userId) => {
    try {
      await redis.publisher.publish(WEIGHT_CHANGES_CHANNEL, userId);
    } catch {
      log(`Could not tell the other nodes that a weigh-in changed (Redis unreachable).`);
    }
  });
  return {
    stop: async () => {
      provideWeightChangeBroadcast(undefined);
      rememberLatestWeights(false);
      await listener.stop();
    },
  };
}
