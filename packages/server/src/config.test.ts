import { PasswordText } from '@keydeck/contract/passwords';
import { availableParallelism, hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('refuses a common ADMIN_PASSWORD or one equal to ADMIN_USERNAME, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Password2024!' })).toThrow(`ADMIN_PASSWORD: ${PasswordText.common}`);
    expect(() => loadConfig({ ADMIN_USERNAME: 'operator-in-chief', ADMIN_PASSWORD: 'Operator-In-Chief' })).toThrow(PasswordText.sameAsUsername);
    expect(loadConfig({ ADMIN_PASSWORD: 'Granite-Lantern-Orbit-7' }).adminPassword).toBe('Granite-Lantern-Orbit-7');
  });

  it('runs one server process per core on PostgreSQL and one on PGlite, and refuses several on PGlite', () => {
    const postgres = 'postgres://keydeck@127.0.0.1:5432/keydeck';
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: postgres }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: postgres, WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow("WORKERS: WORKERS above 1 needs PostgreSQL (DATABASE_URL): PGlite's files take one process");
  });

  it('names the machine by MACHINE_NAME, else by its host name', () => {
    expect(loadConfig({}).machineName).toBe(hostname());
    expect(loadConfig({ MACHINE_NAME: 'machine-a' }).machineName).toBe('machine-a');
    expect(() => loadConfig({ MACHINE_NAME: ' ' })).toThrow('MACHINE_NAME: ');
  });

  it('reads PostgreSQL URLs naming several hosts, and a read URL only beside DATABASE_URL', () => {
    const hosts = 'postgres://keydeck@db1:5432,db2:5432/keydeck?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: hosts, MIGRATION_DATABASE_URL: hosts }).databaseUrl).toBe(hosts);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://keydeck@db1,db2/keydeck?target_session_attrs=standby' })).toThrow('DATABASE_URL: target_session_attrs=standby');
    expect(loadConfig({ DATABASE_URL: hosts, DATABASE_READ_URL: 'postgres://keydeck@db2,db1/keydeck' }).databaseReadUrl).toBe('postgres://keydeck@db2,db1/keydeck');
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://keydeck@db2/keydeck' })).toThrow('DATABASE_READ_URL: DATABASE_READ_URL needs DATABASE_URL');
  });

  it('waits 60 s for a statement unless DATABASE_STATEMENT_TIMEOUT_SECONDS says otherwise, a whole positive number', () => {
    expect(loadConfig({}).databaseStatementTimeoutSeconds).toBe(60);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '2' }).databaseStatementTimeoutSeconds).toBe(2);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' })).toThrow('DATABASE_STATEMENT_TIMEOUT_SECONDS');
  });

  it('sends links in mails to PUBLIC_URL, else to http://HOST:PORT, and keeps the outbox in DATA_DIR', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000', DATA_DIR: '/srv/keydeck' }).mail).toMatchObject({
      publicUrl: 'http://0.0.0.0:9000',
      outboxDir: '/srv/keydeck/outbox',
      smtpUrl: undefined,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://keys.example.com/', SMTP_URL: 'smtp://mail.example.com:587' }).mail).toMatchObject({
      publicUrl: 'https://keys.example.com',
      smtpUrl: 'smtp://mail.example.com:587',
    });
  });
});
