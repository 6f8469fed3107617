import pg from 'pg';
import { parsePostgresUrl, type PostgresHost, type PostgresHosts } from './connection-string.ts';
import { PreparingClient, type PreparingClientConfig } from './postgres-client.ts';

type Callback = (error?: Error) => void;
/** What the read-write check needs of a client: the pool's own kind or a plain one. */
type Session = Pick<pg.Client, 'connection'> & { query(text: string): unknown };

/**
 * node-postgres settings for a DATABASE_URL naming one host or several, and the Client class (for a pool, or alone)
 * whose every new connection goes to a host as libpq's does: in the URL's order, keeping the first that answers
 * with the session target_session_attrs asks for (read-write: not a standby, not read-only). After a failover the
 * connections to the lost primary fail, the pool drops them, and the new ones find the promoted standby. A primary
 * lost without a word is found the same way once a statement goes unanswered for statementTimeoutMillis (absent:
 * unbounded, for migrations and backups).
 */
export function postgresConnection(
  url: string,
  connectionTimeoutMillis: number,
  statementTimeoutMillis?: number,
): { config: PreparingClientConfig; Client: typeof pg.Client } {
  const parsed = parsePostgresUrl(url);
  const config = {
    connectionString: parsed.singleHostUrl,
    connectionTimeoutMillis,
    statementTimeoutMillis,
    // With nothing unacknowledged in flight (a statement PostgreSQL got before the partition, a transaction waiting
    // for an export's reader), a vanished peer is found by probes after 10 s idle, 10 a second apart (Node's
    // settings): ETIMEDOUT. Data not acknowledged is retransmitted for ~15 minutes instead: the statement timeout's case.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const selector = new HostSelector(parsed, config);
  class HostSelectingClient extends PreparingClient {
    private readonly reported = reportedSettings(this);

    // @ts-expect-error -- node-postgres's two overloads (a callback, as the pool calls it, or a promise) in one
    override connect(callback?: Callback) {
      const connecting = this.connectToHost();
      if (!callback) return connecting;
      connecting.then(() => callback(), callback);
      return undefined;
    }

    /** Resolves to the client, as node-postgres's connect does. */
    private async connectToHost(): Promise<this> {
      const host = await selector.pick();
      // The pool's connection timeout may have cut this connection's socket while the hosts were being looked through.
      if (this.connection.stream.destroyed) throw unavailable('timeout exceeded when trying to connect');
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
        if (!(await fits(this, this.reported, parsed.target))) {
          await this.end();
          throw unavailable(`${host.label} is read-only now (a standby): no read-write session`);
        }
      } catch (error) {
        selector.lost(host);
        throw error;
      }
      // A connection lost later (the primary stopped) sends the next new connection looking through the hosts again.
      this.on('error', () => selector.lost(host));
      return this;
    }
  }
  return { config, Client: HostSelectingClient as unknown as typeof pg.Client };
}

/**
 * Which host new connections go to: the one that last gave a fitting session, until a connection to it fails; then
 * the first fitting one in the URL's order, looked for by one connection to each (one look at a time, shared).
 */
class HostSelector {
  private current: PostgresHost | null;
  private looking: Promise<PostgresHost> | null = null;

  constructor(
    private readonly parsed: PostgresHosts,
    private readonly config: PreparingClientConfig,
  ) {
    // One host needs no look: a connection to it that fails fails as it always did.
    this.current = parsed.hosts.length === 1 ? parsed.hosts[0]! : null;
  }

  pick(): Promise<PostgresHost> {
    if (this.current) return Promise.resolve(this.current);
    return (this.looking ??= this.look().finally(() => (this.looking = null)));
  }

  lost(host: PostgresHost): void {
    if (this.current === host && this.parsed.hosts.length > 1) this.current = null;
  }

  private async look(): Promise<PostgresHost> {
    const findings: string[] = [];
    for (const host of this.parsed.hosts) {
      const probe = new pg.Client(this.config);
      // Not as settings: node-postgres lets the connection string's host and port win over them.
      probe.host = host.host;
      probe.port = host.port;
      const reported = reportedSettings(probe);
      try {
        await probe.connect();
        if (await fits(probe, reported, this.parsed.target)) return (this.current = host);
        findings.push(`${host.label}: read-only (a standby)`);
      } catch (error) {
        findings.push(`${host.label}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await probe.end().catch(() => undefined);
      }
    }
    throw unavailable(`no ${this.parsed.target} session on any host (${findings.join('; ')})`);
  }
}

/**
 * The settings PostgreSQL reports as a session starts and whenever they change (ParameterStatus): from version 14 on,
 * in_hot_standby and default_transaction_read_only among them, which tell a read-write session without a query.
 */
function reportedSettings(client: Session): Map<string, string> {
  const reported = new Map<string, string>();
  client.connection.on('parameterStatus', (message: { parameterName: string; parameterValue: string }) => {
    reported.set(message.parameterName, message.parameterValue);
  });
  return reported;
}

async function fits(client: Session, reported: Map<string, string>, target: PostgresHosts['target']): Promise<boolean> {
  if (target === 'any') return true;
  if (reported.has('in_hot_standby')) return reported.get('in_hot_standby') === 'off' && reported.get('default_transaction_read_only') === 'off';
  // Before version 14 the server does not say: ask, as libpq does.
  const { rows } = (await client.query('show transaction_read_only')) as pg.QueryResult<{ transaction_read_only: string }>;
  return rows[0]?.transaction_read_only === 'off';
}

/** sqlclient_unable_to_establish_sqlconnection: the error handler answers 503 with Retry-After. */
function unavailable(message: string): Error {
  return Object.assign(new Error(message), { code: '08001' });
}
