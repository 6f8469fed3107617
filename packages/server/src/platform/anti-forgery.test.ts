import { describe, expect, it } from 'vitest';
import { ANONYMOUS_BINDING, createAntiForgery } from './anti-forgery.ts';

describe('anti-forgery tokens', () => {
  const tokens = createAntiForgery('secret-one');

  it('accepts a token for the binding it was issued for', () => {
    expect(tokens.isValid(tokens.issue('session-a'), 'session-a')).toBe(true);
  });

  it('refuses a token issued for another session, another secret, or tampered', () => {
    const token = tokens.issue('session-a');
    expect(tokens.isValid(token, 'session-b')).toBe(false);
    expect(tokens.isValid(token, ANONYMOUS_BINDING)).toBe(false);
    expect(createAntiForgery('secret-two').isValid(token, 'session-a')).toBe(false);
    expect(tokens.isValid(`${token}x`, 'session-a')).toBe(false);
    expect(tokens.isValid('', 'session-a')).toBe(false);
    expect(tokens.isValid(undefined, 'session-a')).toBe(false);
  });

  it('still refuses a token for another session once it was checked good for its own', () => {
    const token = tokens.issue('session-a');
    expect(tokens.isValid(token, 'session-a')).toBe(true);
    expect(tokens.isValid(token, 'session-a')).toBe(true);
    expect(tokens.isValid(token, 'session-b')).toBe(false);
    expect(tokens.isValid(token, 'session-a')).toBe(true);
  });

  it('issues a different token every time', () => {
    expect(tokens.issue(ANONYMOUS_BINDING)).not.toBe(tokens.issue(ANONYMOUS_BINDING));
  });
});
