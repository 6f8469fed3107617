import { describe, expect, it } from 'vitest';
import { continueTargetOrHome, safeContinuePath } from './continue-url';

const origin = 'https://console.keydeck.test';

describe('safeContinuePath', () => {
  it.each([
    '/home',
    '/v2/home/settings/server-status',
    '/v2/home/audit-logs?page=2&page_size=10',
    '/v2/home/settings/users?search=ada%20admin#top',
  ])('accepts the same-origin path %s', (path) => {
    expect(safeContinuePath(path, origin)).toBe(path);
  });

  it.each([
    ['an absolute URL to another origin', 'https://evil.example/x'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/home'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash-only host', '\\\\evil.example'],
    ['a script scheme', 'javascript:alert(1)'],
    ['an upper-case script scheme', 'JaVaScRiPt:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['an encoded protocol-relative URL', '/%2Fevil.example'],
    ['a double-encoded protocol-relative URL', '/%252Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['an encoded tab between the slashes', '/%09/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['leading whitespace', ' //evil.example'],
    ['leading whitespace before a scheme', ' javascript:alert(1)'],
    ['an encoded script scheme', 'javascript%3Aalert(1)'],
    ['a relative path', 'home'],
    ['an empty string', ''],
    ['a malformed escape', '/home%E0%A4%A'],
  ])('refuses %s', (_label, target) => {
    expect(safeContinuePath(target, origin)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(safeContinuePath(undefined, origin)).toBeNull();
    expect(safeContinuePath(42, origin)).toBeNull();
    expect(safeContinuePath(['/home'], origin)).toBeNull();
  });
});

describe('continueTargetOrHome', () => {
  it('falls back to /home for a refused target', () => {
    expect(continueTargetOrHome('//evil.example', origin)).toBe('/home');
    expect(continueTargetOrHome(undefined, origin)).toBe('/home');
  });

  it('keeps a safe target with its query', () => {
    expect(continueTargetOrHome('/v2/home/settings/server-status?tab=web', origin)).toBe(
      '/v2/home/settings/server-status?tab=web',
    );
  });
});
