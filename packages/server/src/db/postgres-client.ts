import pg from 'pg';
import { dbQueryDuration, timed } from '../platform/metrics.ts';
import { inStatementSpan } from '../platform/tracing.ts';
import { statementName } from './statement-names.ts';

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

/** node-postgres's settings and, on the serving pools, how long PostgreSQL's answer to one statement is awaited. */
export type PreparingClientConfig = pg.ClientConfig & { statementTimeoutMillis?: number | undefined };

/**
 * node-postgres's client, preparing each statement with parameters once per connection (node-postgres remembers
 * which it has parsed) under a name derived from its text (statement-names.ts): PostgreSQL then binds and runs it
 * without parsing it again. Each statement is timed for the metrics, in a span of its own when tracing is on. The
 * pool makes its connections with it. With statementTimeoutMillis, a statement not answered in time drops its
 * connection (see send).
 */
export class PreparingClient extends pg.Client {
  /** A BEGIN not sent yet: it goes with the next statement (see query). */
  private beginPending = false;
  private readonly statementTimeoutMillis: number;

  constructor(config?: PreparingClientConfig) {
    super(config);
    this.statementTimeoutMillis = config?.statementTimeoutMillis ?? 0;
  }

  // @ts-expect-error -- one implementation for node-postgres's overloads: it only adds the name and passes all on
  override query(config: unknown, values?: unknown, callback?: unknown) {
    // A submittable query (a cursor, none on the serving pools) gets what node-postgres gives it, untimed, unbounded.
    if (typeof (config as { submit?: unknown }).submit === 'function') {
      return (super.query as (...args: unknown[]) => unknown).call(this, config, values, callback);
    }
    // A callback (the pool's own query(): every request's session look-up, pg-boss) gets the same naming, timing and
    // bound as a promise.
    const answer = typeof values === 'function' ? values : callback;
    if (typeof answer === 'function') {
      (this.query(config, typeof values === 'function' ? undefined : values) as Promise<unknown>).then(
        (result: unknown) => answer(null, result),
        (error: unknown) => answer(error),
      );
      return undefined;
    }
    const text = typeof config === 'string' ? config : String((config as QueryConfig).text);
    const parameters = Array.isArray(values) ? values : ((config as QueryConfig).values ?? []);
    // Only a short text can be BEGIN, COMMIT or ROLLBACK: a long one is not copied to find out.
    const verb = text.length <= 16 ? text.trim().toLowerCase() : '';
    // PostgreSQL rolled back the transaction of a connection that is gone: its caller hears what ended it (a
    // StatementTimeout, a lost server) rather than that the connection cannot take a ROLLBACK.
    if (verb === 'rollback' && !(this as unknown as { _queryable: boolean })._queryable) return Promise.resolve(NOTHING);
    // A transaction's BEGIN waits for its first statement: one without parameters (a request's tenant scope,
    // tenant-scope.ts) travels with it in one round trip; one with parameters follows it. A transaction that ends
    // before any statement never began.
    if (verb === 'begin' && parameters.length === 0) {
      this.beginPending = true;
      return Promise.resolve(NOTHING);
    }
    if (this.beginPending) {
      this.beginPending = false;
      if (verb === 'commit' || verb === 'rollback') return Promise.resolve(NOTHING);
      if (parameters.length === 0) return this.timedSend(`begin; ${text}`, () => this.send(`begin; ${text}`).then(lastResult));
      return this.timedSend('begin', () => this.send('begin')).then((): unknown => this.query(config, values));
    }
    return this.timedSend(text, () => this.send(withName(config, values), values));
  }

  /**
   * Every statement goes out here. An answer that does not come in time means PostgreSQL is out of reach without a
   * word (a partition, a frozen machine: no FIN, no RST), which TCP notices only after about 15 minutes. The
   * connection is destroyed then: the statement and any queued behind it fail with StatementTimeout, the client
   * reports the error (postgres-hosts.ts marks its host lost) and the pool drops it on release.
   */
  private send(config: unknown, values?: unknown): Promise<unknown> {
    const sent = (super.query as (...args: unknown[]) => Promise<unknown>).call(this, config, values);
    const limit = this.statementTimeoutMillis;
    if (!limit) return sent;
    const timer = setTimeout(() => this.connection.stream.destroy(new StatementTimeout(limit)), limit);
    const answered = () => clearTimeout(timer);
    sent.then(answered, answered);
    return sent;
  }

  private timedSend(text: string, send: () => Promise<unknown>): Promise<unknown> {
    return timed(dbQueryDuration, inStatementSpan(text, send));
  }
}

/** A connection failure (SQLSTATE class 08): the error handler answers 503 with Retry-After, as for a lost database. */
export class StatementTimeout extends Error {
  override readonly name = 'StatementTimeout';
  readonly code = '08006';

  constructor(limitMillis: number) {
    super(`PostgreSQL did not answer a statement within ${limitMillis} ms: its connection was dropped`);
  }
}

/** What BEGIN, and a transaction that never began, answer. */
const NOTHING = { command: null, rowCount: null, rows: [], fields: [] };

/** Several statements sent as one answer each: the caller asked for the last. */
const lastResult = (result: unknown) => (Array.isArray(result) ? result[result.length - 1] : result);

function withName(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as QueryConfig;
  if (typeof query.text !== 'string' || query.name !== undefined) return config;
  const count = Array.isArray(values) ? values.length : (query.values?.length ?? 0);
  const name = statementName(query.text, count);
  return name === null ? config : { ...query, name };
}
