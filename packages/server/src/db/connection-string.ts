/** What a new connection must find on a host before keeping it (libpq's target_session_attrs, the two values Keydeck needs). */
export type TargetSession = 'any' | 'read-write';

export interface PostgresHost {
  /** host:port, as the URL names it: for messages. */
  label: string;
  host: string;
  port: number;
}

export interface PostgresHosts {
  hosts: PostgresHost[];
  target: TargetSession;
  /** The URL with its first host only and without target_session_attrs: what node-postgres understands. */
  singleHostUrl: string;
}

/** scheme, user info, comma-separated hosts, then path, query and fragment. */
const URL_SHAPE = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/s;
const TARGETS: readonly TargetSession[] = ['any', 'read-write'];

/**
 * A PostgreSQL URL as libpq reads one, with several hosts tried in order:
 * postgres://user:password@host1:5432,host2:5432/db?target_session_attrs=read-write. node-postgres takes one host
 * only, so the hosts are taken out here and each connection picks one (postgres-hosts.ts). Throws on anything else.
 */
export function parsePostgresUrl(url: string): PostgresHosts {
  const match = URL_SHAPE.exec(url);
  if (!match) throw new Error('a PostgreSQL URL starts with postgres:// or postgresql://');
  const [, scheme, userInfo, hostList, rest] = match as unknown as [string, string, string | undefined, string, string];
  const withHost = (authority: string, query: string) => new URL(`${scheme}${userInfo === undefined ? '' : `${userInfo}@`}${authority}${query}`);
  const hosts = hostList.split(',').map((label) => {
    if (hostList.includes(',') && !label) throw new Error('a PostgreSQL URL names an empty host in its list');
    const parsed = withHost(label, '');
    return { label, host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 5432) };
  });
  const first = withHost(hostList.split(',')[0]!, rest);
  const target = first.searchParams.get('target_session_attrs') ?? 'any';
  if (!TARGETS.includes(target as TargetSession)) throw new Error(`target_session_attrs=${target}: Keydeck knows ${TARGETS.join(' and ')}`);
  first.searchParams.delete('target_session_attrs');
  return { hosts, target: target as TargetSession, singleHostUrl: first.toString() };
}

/** For the settings' check: the URL's problem, or null. */
export function postgresUrlProblem(url: string): string | null {
  try {
    parsePostgresUrl(url);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The URL without its password, and the password: PostgreSQL's own tools (pg_dump) read the URL from their command
 * line, which every user of the machine sees, and the password from PGPASSWORD. Any number of hosts.
 */
export function withoutPassword(url: string): { url: string; password: string } {
  const match = URL_SHAPE.exec(url);
  if (!match) throw new Error('a PostgreSQL URL starts with postgres:// or postgresql://');
  const [, scheme, userInfo, hostList, rest] = match as unknown as [string, string, string | undefined, string, string];
  if (userInfo === undefined) return { url, password: '' };
  const colon = userInfo.indexOf(':');
  if (colon === -1) return { url, password: '' };
  return { url: `${scheme}${userInfo.slice(0, colon)}@${hostList}${rest}`, password: decodeURIComponent(userInfo.slice(colon + 1)) };
}
