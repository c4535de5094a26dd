import type { ChallengeMetric, ChallengeSummary, Leaderboard, MemberStatus } from '@/domain/challenges';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';

async function run<T>(name: string, params: Record<string, unknown> = {}): Promise<T> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => T>(name, params);
}

export const listChallenges = () => run<ChallengeSummary[]>('listChallenges');

export interface ChallengeInput {
  title: string;
  metric: ChallengeMetric;
  startDate: string;
  endDate: string;
  friendIds: string[];
}

export const createChallenge = (input: ChallengeInput) =>
  run<ChallengeSummary>('createChallenge', { ...input, timeZone: browserTimeZone() });

export const respondChallenge = (challengeId: string, accept: boolean) =>
  run<{ status: MemberStatus }>('respondChallenge', { challengeId, accept });

export const leaveChallenge = (challengeId: string) =>
  run<{ status: MemberStatus }>('leaveChallenge', { challengeId });

export const loadLeaderboard = (challengeId: string) =>
  run<Leaderboard>('challengeLeaderboard', { challengeId });
