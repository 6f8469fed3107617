import { describe, expect, it } from 'vitest';
import { oathtoolCode } from '../../../test/oathtool.ts';
import { hashRecoveryCode, matchingStep, newRecoveryCode, newTotpSecret, otpauthUrl } from './totp.ts';

describe('totp', () => {
  it('accepts oathtool codes of this step and the neighbouring ones, and names their step', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, oathtoolCode(secret, 0, now), now)).toBe(step);
    expect(matchingStep(secret, oathtoolCode(secret, -1, now), now)).toBe(step - 1);
    expect(matchingStep(secret, oathtoolCode(secret, 1, now), now)).toBe(step + 1);
    expect(matchingStep(secret, oathtoolCode(secret, 2, now), now)).toBeNull();
    expect(matchingStep(secret, oathtoolCode(secret, -2, now), now)).toBeNull();
  });

  it('builds an otpauth URL apps understand', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada')).toBe(
      'otpauth://totp/Keydeck:ada?issuer=Keydeck&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('makes distinct grouped recovery codes, hashed regardless of case and dashes', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(newRecoveryCode()).not.toBe(code);
    expect(hashRecoveryCode(code.toLowerCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(code));
  });
});
