import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { dbQueryDuration, timed } from '../platform/metrics.ts';
import { inStatementSpan } from '../platform/tracing.ts';
import { statementName } from './statement-names.ts';

type QueryOptions = Parameters<PGlite['query']>[2];
type Parsers = Parameters<typeof parse.parseResults>[1];

/**
 * PGlite as the server drives it: a statement with parameters is parsed once under a name derived from its text
 * (statement-names.ts), then bound and run in one protocol round, where PGlite's query() makes six and parses every
 * time (it describes the statement first to type its parameters; here the statement types them, from text, as on
 * PostgreSQL through node-postgres). The service data call went from about 310 to 530 requests/s with it. Like
 * query(), a statement outside a transaction waits for any open one and runs alone.
 */
export function pgliteStatements(client: PGlite) {
  const { serialize } = protocol;
  const prepared = new Set<string>();

  /** One statement, inside whatever exclusive section the caller holds. */
  function run(text: string, values: readonly unknown[] | undefined, options?: QueryOptions): Promise<Results> {
    return timed(dbQueryDuration, inStatementSpan(text, () => runUntimed(text, values, options)));
  }

  async function runUntimed(text: string, values: readonly unknown[] | undefined, options?: QueryOptions): Promise<Results> {
    const name = statementName(text, values?.length ?? 0) ?? '';
    if (name !== '' && !prepared.has(name)) {
      await client.execProtocolStream(messages(serialize.parse({ name, text }), serialize.sync()), { syncToFs: false });
      prepared.add(name);
    }
    const round = messages(
      ...(name === '' ? [serialize.parse({ text })] : []),
      serialize.bind({ statement: name, values: (values ?? []).map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    const answers = await client.execProtocolStream(round, { syncToFs: false });
    return parse.parseResults(answers, parsersWith(options?.parsers), { ...options, parsers: undefined })[0] ?? { rows: [], fields: [] };
  }

  // parseResults merges a query's own parsers into PGlite's few hundred on every call: merged once here instead.
  // drizzle passes the same ones on every query (dates and intervals kept as text).
  const merged = new Map<string, Parsers>();
  function parsersWith(own: NonNullable<QueryOptions>['parsers']): Parsers {
    if (!own) return client.parsers;
    const key = Object.keys(own).join();
    let parsers = merged.get(key);
    if (!parsers) merged.set(key, (parsers = { ...client.parsers, ...own }));
    return parsers;
  }

  return {
    /** A statement on its own: waits for any open transaction, runs alone, then persists as query() does. */
    async query(text: string, values?: readonly unknown[], options?: QueryOptions): Promise<Results> {
      // As query() says it, so an outage reads the same (error-handler.ts answers 503).
      if (client.closed) throw new Error('PGlite is closed');
      const result = await client._runExclusiveTransaction(() => client.runExclusive(() => run(text, values, options)));
      await client.syncToFs();
      return result;
    },
    /** PGlite's transaction, its statements run as above (the transaction already holds PGlite). */
    transaction<T>(work: (tx: { query: typeof run }) => Promise<T>): Promise<T> {
      return client.transaction((tx) => work({ ...tx, query: (text, values, options) => client.runExclusive(() => run(text, values, options)) }));
    },
  };
}

/** The protocol messages of one round, as one buffer. */
function messages(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** A parameter as text by node-postgres's rules (prepareValue), so both databases get the same: the statement types it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    return `"${asText(value)!.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  });
  return `{${items.join(',')}}`;
}
