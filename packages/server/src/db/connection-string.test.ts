import { describe, expect, it } from 'vitest';
import { parsePostgresUrl, postgresUrlProblem, withoutPassword } from './connection-string.ts';

describe('PostgreSQL URLs naming several hosts, as libpq reads them', () => {
  it('takes the hosts out in order, with their ports, and keeps the rest for node-postgres', () => {
    const parsed = parsePostgresUrl('postgres://keydeck:s%40cret@db1.example:5433,[::1],db3.example/keydeck?target_session_attrs=read-write&sslmode=require');
    expect(parsed.hosts).toEqual([
      { label: 'db1.example:5433', host: 'db1.example', port: 5433 },
      { label: '[::1]', host: '::1', port: 5432 },
      { label: 'db3.example', host: 'db3.example', port: 5432 },
    ]);
    expect(parsed.target).toBe('read-write');
    expect(parsed.singleHostUrl).toBe('postgres://keydeck:s%40cret@db1.example:5433/keydeck?sslmode=require');
  });

  it('reads one host as before, any session', () => {
    expect(parsePostgresUrl('postgresql://u@127.0.0.1/db')).toEqual({
      hosts: [{ label: '127.0.0.1', host: '127.0.0.1', port: 5432 }],
      target: 'any',
      singleHostUrl: 'postgresql://u@127.0.0.1/db',
    });
  });

  it('refuses what it cannot honour, as a setting problem', () => {
    expect(postgresUrlProblem('mysql://u@h/db')).toMatch(/postgres:\/\//);
    expect(postgresUrlProblem('postgres://u@h1,,h2/db')).toMatch(/empty host/);
    expect(postgresUrlProblem('postgres://u@h1,h2/db?target_session_attrs=standby')).toMatch(/any and read-write/);
    expect(postgresUrlProblem('postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write')).toBeNull();
  });

  it('hands PostgreSQL tools the URL without its password, and the password apart', () => {
    expect(withoutPassword('postgres://owner:p%3Aw%40rd@h1:5432,h2:5433/keydeck?target_session_attrs=read-write')).toEqual({
      url: 'postgres://owner@h1:5432,h2:5433/keydeck?target_session_attrs=read-write',
      password: 'p:w@rd',
    });
    expect(withoutPassword('postgres://owner@h1/keydeck')).toEqual({ url: 'postgres://owner@h1/keydeck', password: '' });
  });
});
