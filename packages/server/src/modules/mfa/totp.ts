import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** Codes of the neighbouring steps pass too, for clocks a little off. */
const WINDOW_STEPS = 1;
const ISSUER = 'Keydeck';

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URL an app scans from the QR code. */
export function otpauthUrl(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The time step a code belongs to when it is valid within ±1 step of `now`, else null. */
export function matchingStep(secret: string, otp: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: otp, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

export const RECOVERY_CODE_COUNT = 10;

/** A recovery code: 80 random bits as 16 base32 characters, shown in groups of four. */
export function newRecoveryCode(): string {
  return new Secret({ size: 10 }).base32.match(/.{4}/g)!.join('-');
}

/** Codes carry 80 random bits, so a plain SHA-256 of the normalised code is enough to store. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}
