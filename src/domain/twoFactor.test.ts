import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isTotpCode, normalizeCode, RECOVERY_CODE_PATTERN } from './twoFactor';

describe('two-factor codes', () => {
  it('compares codes without the spaces, dashes and capitals people type', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('ABCDE-fgh27')).toBe('abcdefgh27');
  });

  it('tells an authenticator code from a recovery code', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
    expect(RECOVERY_CODE_PATTERN.test('abcdefgh27')).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test('abcdefgh18')).toBe(false);
  });

  it('shows a recovery code as two groups of five, which it reads back', () => {
    expect(formatRecoveryCode('abcdefgh27')).toBe('abcde-fgh27');
    expect(normalizeCode(formatRecoveryCode('abcdefgh27'))).toBe('abcdefgh27');
  });
});
