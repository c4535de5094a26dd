import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, commentTextProblem } from './social';

describe('commentTextProblem', () => {
  it('accepts plain text of 1 to 500 characters, counting characters rather than code units', () => {
    expect(commentTextProblem('Well done')).toBeNull();
    expect(commentTextProblem('🏃'.repeat(COMMENT_MAX_LENGTH))).toBeNull();
  });

  it('refuses empty or blank text, text over 500 characters and anything but text, naming text', () => {
    for (const text of ['', '   ', 'x'.repeat(COMMENT_MAX_LENGTH + 1), 42, null, undefined, ['x']]) {
      expect(commentTextProblem(text)).toMatchObject({ field: 'text', messageId: 'domain.comment.length' });
    }
  });

  it('refuses the NUL character, which the database cannot store', () => {
    expect(commentTextProblem('a\u0000b')).toMatchObject({
      field: 'text',
      messageId: 'domain.comment.characters',
    });
  });
});
