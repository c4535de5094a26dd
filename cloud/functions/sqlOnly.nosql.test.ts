import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { request } from '../../server/test/rest';

/**
 * Run only against the server started with CLOUD_SQL=false (project `integration-nosql`): what has
 * no Parse-query fallback is refused there, saying why, instead of answering that it did nothing.
 */
describe('without SQL in cloud code', () => {
  it.each(['sendReminders', 'sendWeeklySummaries'] as const)(
    'refuses %s to the operator, naming what it needs',
    async (name) => {
      const answer = await request('POST', `/parse/functions/${name}`, {
        masterKey: true,
        body: { now: '2026-11-30T09:00:00Z' },
      });

      expect(answer.body).toMatchObject({
        code: ErrorCode.OPERATION_FORBIDDEN,
        messageId: 'server.sql.needed',
        values: { feature: name },
      });
      expect(answer.body.error).toMatch(/PostgreSQL.*CLOUD_SQL=false/);
    },
  );

  it('still refuses them to a person before saying what they need', async () => {
    const answer = await request('POST', '/parse/functions/sendReminders', { body: {} });

    expect(answer.body.messageId).not.toBe('server.sql.needed');
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });
});
