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
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...invalidTextPaths(request.params),
      ...invalidTextPaths(request.query),
      ...invalidTextPaths(request.body),
    ];
    if (fields.length > 0) throw invalidText(fields);
  });
}
