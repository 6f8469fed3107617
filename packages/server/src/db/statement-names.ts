import { createHash } from 'node:crypto';

/** Beyond this many distinct texts a statement runs unnamed: the prepared ones stay bounded whatever the callers send. */
const MAX_NAMED = 2_000;

const names = new Map<string, string>();

/**
 * The name a statement is prepared under, derived from its text, so each text is parsed once per connection and then
 * only bound and run (planned for its values inside a tenant-scoped transaction: tenant-scope.ts); null past the
 * bound. Statements without parameters are rarely run twice with the same text (migrations, scripts): not named.
 */
export function statementName(text: string, parameterCount: number): string | null {
  if (parameterCount === 0) return null;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return null;
    name = `k${createHash('sha1').update(text).digest('hex')}`;
    names.set(text, name);
  }
  return name;
}
