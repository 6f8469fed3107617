import type { FastifyInstance } from 'fastify';
import { invalidText } from './errors.ts';

/**
 * NUL, the other C0 controls but tab, line feed and carriage return, DEL, and lone UTF-16 surrogates (which JSON
 * escapes such as "\ud800" can carry): PostgreSQL cannot store NUL, and a lone surrogate is stored as U+FFFD, so
 * what was checked, hashed or compared would not be what is kept.
 */
// eslint-disable-next-line no-control-regex
const INVALID_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

/** The dotted paths of every string in value that holds invalid text, at most `limit` of them. */
export function invalidTextPaths(value: unknown, path = '', found: string[] = [], limit = 20, depth = 0): string[] {
  if (found.length >= limit || depth > 32) return found;
  if (typeof value === 'string') {
    if (INVALID_TEXT.test(value)) found.push(path || 'request');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => invalidTextPaths(item, path ? `${path}.${index}` : String(index), found, limit, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (INVALID_TEXT.test(key)) found.push(at);
      else invalidTextPaths(item, at, found, limit, depth + 1);
    }
  }
  return found;
}

/**
 * One check for every request, before any schema sees it: no string in the path, the query or the body may hold
 * invalid text. The refusal names the fields and is audited like any other refusal of its route.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  registerStrictBodyParsers(app);
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...invalidTextPaths(request.params),
      ...invalidTextPaths(request.query),
      ...invalidTextPaths(request.body),
    ];
    if (fields.length > 0) throw invalidText(fields);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * A body's bytes as text, or the 400 of invalid text: Node's own decoding turns bytes that are not UTF-8 into
 * U+FFFD, so what was stored would not be what was sent.
 */
export function decodeUtf8(body: Buffer | string): string {
  if (typeof body === 'string') return body;
  try {
    return UTF8.decode(body);
  } catch {
    throw invalidText(['request']);
  }
}

/**
 * An application/x-www-form-urlencoded body as its fields. URLSearchParams also turns a percent-escape that is not
 * UTF-8 (%FF) into U+FFFD; decodeURIComponent refuses it instead.
 */
export function parseForm(body: Buffer | string): Record<string, string> {
  const fields: [string, string][] = [];
  for (const pair of decodeUtf8(body).split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      fields.push([formDecode(name), formDecode(value)]);
    } catch {
      throw invalidText(['request']);
    }
  }
  // fromEntries defines each field as the object's own, "__proto__" included.
  return Object.fromEntries(fields);
}

const formDecode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));

/** Fastify's JSON and plain-text parsers, reading the body's bytes as strict UTF-8 first. */
function registerStrictBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeUtf8(body);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, decodeUtf8(body));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
