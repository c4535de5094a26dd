import { PASSWORD_MIN_LENGTH } from '../src/domain/account';
import { ErrorCode, type RefusalDetail } from '../src/domain/errors';

/**
 * Parse's own refusals, which it writes in English only: given a message id here, once, so every
 * client tells them apart by the id and shows them in the person's language. A password reset
 * through Parse's page route answers every failure as OTHER_CAUSE with the reason in the sentence.
 */
const PARSE_SENTENCES: readonly { codes: readonly number[]; pattern: RegExp; detail: RefusalDetail }[] = [
  {
    codes: [ErrorCode.OBJECT_NOT_FOUND],
    pattern: /^Invalid username\/password/i,
    detail: { messageId: 'common.errors.wrongCredentials', values: {} },
  },
  {
    codes: [ErrorCode.OBJECT_NOT_FOUND],
    pattern: /account is locked/i,
    detail: { messageId: 'common.errors.accountLocked', values: {} },
  },
  {
    codes: [ErrorCode.VALIDATION_ERROR, ErrorCode.OTHER_CAUSE],
    pattern: /Password must be at least/i,
    detail: {
      messageId: 'account.account.passwordTooShort',
      values: { field: 'password', min: PASSWORD_MIN_LENGTH },
      field: 'password',
    },
  },
  {
    codes: [ErrorCode.VALIDATION_ERROR, ErrorCode.OTHER_CAUSE],
    pattern: /Password cannot contain your username/i,
    detail: {
      messageId: 'account.account.passwordHasUsername',
      values: { field: 'password' },
      field: 'password',
    },
  },
  {
    codes: [ErrorCode.OTHER_CAUSE],
    pattern: /expired|invalid/i,
    detail: { messageId: 'auth.reset.linkExpired', values: {} },
  },
];

/** The message id of one of Parse's own refusals, recognised by its code and English sentence. */
export function parseRefusalOf(error: { code: number; message: string }): RefusalDetail | null {
  const known = PARSE_SENTENCES.find(
    ({ codes, pattern }) => codes.includes(error.code) && pattern.test(error.message),
  );
  return known?.detail ?? null;
}
