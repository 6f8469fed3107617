import { describe, expect, it } from 'vitest';
import { Messages, UiDefaults } from './messages.ts';

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

  it('carries the spec dialog, toast and layout constants', () => {
    expect(UiDefaults).toMatchObject({
      alertTitle: 'Alert',
      alertWidth: 300,
      confirmTitle: 'Confirmation',
      confirmMessage: 'Please confirm this action',
      confirmWidth: 400,
      modalWidth: 640,
      toastTimeoutMs: 2500,
      chunkLoadTimeoutMs: 120_000,
      defaultLanding: '/home',
      breakpoints: { mobile: 769, tablet: 1024, desktop: 1216, widescreen: 1408 },
    });
  });
});
