import type { ChallengeMetric } from '@/domain/challenges';
import { browserTimeZone } from '@/lib/timeZone';
import { callCloud } from '@/lib/cloud';

export const listChallenges = () => callCloud('listChallenges');

export interface ChallengeInput {
  title: string;
  metric: ChallengeMetric;
  startDate: string;
  endDate: string;
  friendIds: string[];
}

export const createChallenge = (input: ChallengeInput) =>
  callCloud('createChallenge', { ...input, timeZone: browserTimeZone() });

export const respondChallenge = (challengeId: string, accept: boolean) =>
  callCloud('respondChallenge', { challengeId, accept });

export const leaveChallenge = (challengeId: string) => callCloud('leaveChallenge', { challengeId });

export const loadLeaderboard = (challengeId: string) => callCloud('challengeLeaderboard', { challengeId });
