import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, Messages } from './messages.ts';

/** The spec quotes these texts; they must match it word for word. */
describe('message catalogue', () => {
  it('carries the spec texts word for word', () => {
    expect(Messages.sessionExpiredRedirect).toBe('Session expired/not logged in, redirecting to login page');
    expect(Messages.serviceSessionExpired).toBe('Your service session has expired. Please login again.');
    expect(Messages.unexpectedError).toBe('Unexpected error');
    expect(Messages.requestFailed).toBe('request failed');
    expect(Messages.u2fLoginFailed('timeout')).toBe('Failed to complete u2f login: timeout');
    expect(Messages.validationFailed('name: Required')).toBe('Validation failed: name: Required');
  });

  it('names the landing page after sign-in', () => {
    expect(DEFAULT_LANDING).toBe('/home');
  });
});
