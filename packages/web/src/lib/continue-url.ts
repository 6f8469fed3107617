import { UiDefaults } from './ui-defaults';

/** Control characters, whitespace and line separators: browsers strip or fold them, so "/\t/evil" acts as "//evil". */
function isIgnorable(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Percent-decoding rounds checked: enough for double and triple encoding, bounded so input cannot loop us. */
const MAX_DECODE_ROUNDS = 3;

/** What a decoded form must not turn into once a browser drops what it ignores and reads "\" as "/". */
function opensAnotherHost(decoded: string): boolean {
  const folded = [...decoded].filter((char) => !isIgnorable(char)).join('').replaceAll('\\', '/');
  return !folded.startsWith('/') || folded.startsWith('//');
}

/**
 * The continue target as a same-origin path (path + query + hash), or null when it is refused.
 * Only paths that start with a single "/" are accepted; absolute URLs, protocol-relative "//host",
 * backslash tricks, script schemes and their encoded or whitespace-padded variants are refused.
 */
export function safeContinuePath(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || [...raw].some(isIgnorable)) return null;
  let decoded = raw;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    if (opensAnotherHost(next)) return null;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after sign-in: the continue target when it is safe, otherwise the default landing page. */
export function continueTargetOrHome(raw: unknown, origin: string = window.location.origin): string {
  return safeContinuePath(raw, origin) ?? UiDefaults.defaultLanding;
}
