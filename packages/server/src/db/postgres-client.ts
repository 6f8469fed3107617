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
  // @ts-expect-error -- one implementation for node-postgres's overloads: it only adds the name and passes all on
  override query(config: unknown, values?: unknown, callback?: unknown) {
    const named = withName(config, values);
    const send = () => (super.query as (...args: unknown[]) => unknown).call(this, named, values, callback);
    // Callers that take a callback, or pass a submittable query, get what node-postgres gives them, untimed.
    if (typeof values === 'function' || typeof callback === 'function' || typeof (config as { submit?: unknown }).submit === 'function') return send();
    const text = typeof config === 'string' ? config : String((config as QueryConfig).text);
    return timed(dbQueryDuration, inStatementSpan(text, () => send() as Promise<unknown>));
  }
}

function withName(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as QueryConfig;
  if (typeof query.text !== 'string' || query.name !== undefined) return config;
  const count = Array.isArray(values) ? values.length : (query.values?.length ?? 0);
  const name = statementName(query.text, count);
  return name === null ? config : { ...query, name };
}
