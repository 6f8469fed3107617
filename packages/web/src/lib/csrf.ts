import { CSRF_COOKIE } from '@keydeck/contract/http';

/** The anti-forgery token as the server last set it; read per request because sign-in and sign-out rotate it. */
export function currentCsrfToken(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === CSRF_COOKIE) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return null;
}
