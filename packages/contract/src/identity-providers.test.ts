import { describe, expect, it } from 'vitest';
import { isAcceptableIssuer } from './identity-providers.ts';

describe('isAcceptableIssuer', () => {
  it('accepts HTTPS issuers, and plain HTTP only on the loopback', () => {
    expect(isAcceptableIssuer('https://login.example.com/realms/acme')).toBe(true);
    expect(isAcceptableIssuer('http://127.0.0.1:4444')).toBe(true);
    expect(isAcceptableIssuer('http://localhost:8080/oidc')).toBe(true);
    expect(isAcceptableIssuer('http://idp.example.com')).toBe(false);
    expect(isAcceptableIssuer('http://127.0.0.1.evil.example')).toBe(false);
    expect(isAcceptableIssuer('http://localhost@evil.example')).toBe(false);
  });

  it('refuses issuers with a query, a fragment or credentials, and non-URLs', () => {
    expect(isAcceptableIssuer('https://login.example.com/?tenant=1')).toBe(false);
    expect(isAcceptableIssuer('https://login.example.com/#x')).toBe(false);
    expect(isAcceptableIssuer('https://user:pw@login.example.com')).toBe(false);
    expect(isAcceptableIssuer('login.example.com')).toBe(false);
    expect(isAcceptableIssuer('ftp://login.example.com')).toBe(false);
  });
});
