import pg from 'pg';
import { dbQueryDuration, timed } from '../platform/metrics.ts';
import { inStatementSpan } from '../platform/tracing.ts';
import { statementName } from './statement-names.ts';

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

/**
 * node-postgres's client, preparing each statement with parameters once per connection (node-postgres remembers
 * which it has parsed) under a name derived from its text (statement-names.ts): PostgreSQL then binds and runs it
 * without parsing it again. Each statement is timed for the metrics, in a span of its own when tracing is on. The
 * pool makes its connections with it.
 */
export class PreparingClient extends pg.Client {
  /** A BEGIN not sent yet: it goes with the next statement (see query). */
  private beginPending = false;

  // @ts-expect-error -- one implementation for node-postgres's overloads: it only adds the name and passes all on
  override query(config: unknown, values?: unknown, callback?: unknown) {
    // A submittable query (a cursor) gets what node-postgres gives it, untimed.
    if (typeof (config as { submit?: unknown }).submit === 'function') return this.send(config, values, callback);
    // A callback (the pool's own query(), which the session look-up of every request uses) gets the same naming and
    // timing as a promise.
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

  private send(config: unknown, values?: unknown, callback?: unknown): Promise<unknown> {
    return (super.query as (...args: unknown[]) => Promise<unknown>).call(this, config, values, callback);
  }

  private timedSend(text: string, send: () => Promise<unknown>): Promise<unknown> {
    return timed(dbQueryDuration, inStatementSpan(text, send));
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
