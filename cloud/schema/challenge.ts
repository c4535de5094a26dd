import type { ChallengeMetric, MemberStatus } from '../../src/domain/challenges';
import { holds, serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * A challenge among friends (cloud/functions/challenges.ts): its title, metric and days (as dates
 * in the creator's time zone, and as the instants they start and end). Closed to every client:
 * members see it through the challenge functions.
 */
export const challengeClass = {
  className: 'Challenge',
  fields: {
    createdBy: { type: 'Pointer', targetClass: '_User', required: true },
    /** Unset when the creator deletes their account: the challenge goes on without their name. */
    creatorName: { type: 'String' },
    title: { type: 'String', required: true },
    metric: { type: 'String', required: true, ...holds<ChallengeMetric>() },
    startDate: { type: 'String', required: true },
    endDate: { type: 'String', required: true },
    timeZone: { type: 'String', required: true },
    startsAt: { type: 'Date', required: true },
    endsAt: { type: 'Date', required: true },
    /** Raised once the result is announced; the request that makes it 1 tells the members. */
    announced: { type: 'Number' },
  },
  indexes: { challenge_created_by_ends: { createdBy: 1, endsAt: 1 } },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['createdBy'],
    onAccountDeletion: { keep: 'a challenge goes on for its members, no longer naming who started it' },
    exportedAs: 'challenges',
  },
} as const satisfies ClassDefinition;

/** One person's place in a challenge: invited, accepted, declined or left. Closed to every client. */
export const challengeMemberClass = {
  className: 'ChallengeMember',
  fields: {
    challenge: { type: 'Pointer', targetClass: 'Challenge', required: true },
    user: { type: 'Pointer', targetClass: '_User', required: true },
    status: { type: 'String', required: true, ...holds<MemberStatus>() },
    respondedAt: { type: 'Date' },
  },
  indexes: {
    challenge_member_challenge: { challenge: 1 },
    challenge_member_user: { user: 1 },
  },
  classLevelPermissions: serverOnlyPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'challenges' },
} as const satisfies ClassDefinition;
