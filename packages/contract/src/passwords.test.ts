import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { PasswordText, passwordChangeRequest, passwordProblem } from './passwords.ts';

describe('the password rule', () => {
  it('wants at least 12 characters', () => {
    expect(passwordProblem('Short-pw-1')).toBe(PasswordText.tooShort);
    expect(passwordProblem('Granite-Lantern-7')).toBeNull();
  });

  it('refuses common passwords, also with digits and symbols around them', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(500);
    for (const common of ['qwertyuiop123', 'Password2026!', 'iloveyou1234', '123456789012', '!!Superman1234', 'aaaaaaaaaaaa']) {
      expect(passwordProblem(common), common).toBe(PasswordText.common);
    }
  });

  it('refuses the username in any letter case', () => {
    expect(passwordProblem('Eleanor.Rigby', 'eleanor.rigby')).toBe(PasswordText.sameAsUsername);
    expect(passwordProblem('Eleanor.Rigby', 'someone-else')).toBeNull();
  });

  it('gives each field of a change its own message', () => {
    const result = passwordChangeRequest.safeParse({ username: '', old_password: '', new_password: 'short' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({ username: 'Enter your username', old_password: PasswordText.enterCurrent, new_password: PasswordText.tooShort });
  });
});
