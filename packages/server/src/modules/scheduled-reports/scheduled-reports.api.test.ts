import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { nextRunAfter } from '@keydeck/contract/report-schedule';
import {
  reportRunsResponse,
  scheduledReportRunResponse,
  scheduledReportsResponse,
  scheduledReportsResultResponse,
  type ReportRun,
  type ScheduledReport,
} from '@keydeck/contract/scheduled-reports';
import { transferServersResultResponse } from '@keydeck/contract/transfer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, openInService, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { startSftpServer, type SftpServer } from '../../../test/sftp-server.ts';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accountScope, inScope } from '../../platform/tenant-scope.ts';
import { recordsIn } from './report-csv.ts';
import { reportFileName } from './scheduled-reports.jobs.ts';
import { freeTcpPort } from '../../../test/free-port.ts';

const SFTP_PASSWORD = 'Sftp-Reports-Password-7';

let t: TestApp;
let smtp: SmtpReceiver;
let sftp: SftpServer;
let strangerSftp: SftpServer;
let platform: Visitor;
let admin: Visitor;
let logOperator: Visitor;
let logViewer: Visitor;
let deviceOperator: Visitor;
let outsider: Visitor;
let acme: { accountId: string; serviceId: string };
let globex: { accountId: string; serviceId: string };
let closedPort: number;
const servers: Record<string, string> = {};
const kcvs: Record<string, string> = {};

const send = (visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => visitor.call({ method, url, payload });
const list = async (visitor: Visitor = admin): Promise<ScheduledReport[]> => {
  const res = await visitor.get(ApiPath.scheduledReports);
  expect(res.statusCode, res.body).toBe(200);
  return scheduledReportsResponse.parse(res.json()).reports;
};
const reportNamed = async (name: string) => (await list()).find((r) => r.name === name)!;
const create = async (reports: object[], visitor: Visitor = admin) => {
  const res = await send(visitor, 'POST', ApiPath.scheduledReports, { reports });
  expect(res.statusCode, res.body).toBe(200);
  return scheduledReportsResultResponse.parse(res.json()).results;
};
const change = async (reports: object[], visitor: Visitor = admin) => {
  const res = await send(visitor, 'PUT', ApiPath.scheduledReports, { reports });
  expect(res.statusCode, res.body).toBe(200);
  return scheduledReportsResultResponse.parse(res.json()).results;
};
const runs = async (name: string, visitor: Visitor = admin): Promise<ReportRun[]> => {
  const res = await visitor.get(`${ApiPath.scheduledReportRuns}?name=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  return reportRunsResponse.parse(res.json()).runs;
};
/** Waits until the run shows in the report's history (the job queue runs it in the background). */
async function runOf(name: string, runId: string): Promise<ReportRun> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const found = (await runs(name)).find((r) => r.id === runId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} of ${name} did not finish`);
}
const runNow = async (name: string, visitor: Visitor = admin) => {
  const res = await visitor.post(ApiPath.scheduledReportRun, { name });
  expect(res.statusCode, res.body).toBe(202);
  return scheduledReportRunResponse.parse(res.json());
};

/** The CSV a mail carries as its attachment, decoded as a mail client would. */
function attachmentOf(mail: ReceivedMail): { filename: string; content: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.raw)![1]!;
  const part = mail.raw.split(`--${boundary}`).find((p) => /Content-Disposition: attachment/i.test(p))!;
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).trim();
  const filename = /filename="?([^";\r\n]+)"?/i.exec(head)![1]!;
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/\r?\n/g, '\r\n').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body;
  return { filename, content };
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Keydeck <reports@keydeck.test>' });
  sftp = await startSftpServer([{ username: 'reports', password: SFTP_PASSWORD }]);
  mkdirSync(join(sftp.root, 'inbox'));
  strangerSftp = await startSftpServer([{ username: 'reports', password: SFTP_PASSWORD }]);
  closedPort = await freeTcpPort();

  const a = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-logs', roleNames: [ROLE.readOnly] },
    { username: 'acme-log-viewer', roleNames: [ROLE.readOnly] },
    { username: 'acme-devices', roleNames: [ROLE.readOnly] },
  ]);
  const g = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  const acmeService = await seedService(t.database.db, a.accountId, {
    name: 'Acme payments',
    type: 'rkms',
    groups: [
      { name: 'Administrators', permissions: { Log: 'Modify', Host: 'Modify', Device: 'Modify', Key: 'Modify', CertManage: 'View' } },
      { name: 'Log operators', permissions: { Log: 'Modify', Device: 'View' } },
      { name: 'Log viewers', permissions: { Log: 'View' } },
      { name: 'Device operators', permissions: { Device: 'Modify' } },
    ],
    members: [
      { userId: a.userIds['acme-admin']!, group: 'Administrators' },
      { userId: a.userIds['acme-logs']!, group: 'Log operators' },
      { userId: a.userIds['acme-log-viewer']!, group: 'Log viewers' },
      { userId: a.userIds['acme-devices']!, group: 'Device operators' },
    ],
  });
  const globexService = await seedService(t.database.db, g.accountId, { name: 'Globex payments', type: 'rkms', members: [{ userId: g.userIds['globex-admin']! }] });
  acme = { accountId: a.accountId, serviceId: acmeService.serviceId };
  globex = { accountId: g.accountId, serviceId: globexService.serviceId };

  // The platform opens loopback in the egress policy (the test servers listen there) and switches scheduled reports on.
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  expect((await send(platform, 'PUT', ApiPath.egressPolicy, { allowed_ranges: ['127.0.0.1/32'] })).statusCode).toBe(200);
  for (const accountId of [acme.accountId, globex.accountId]) {
    const res = await send(platform, 'PUT', `/rest/api/v2/account/${accountId}/feature/`, { feature_name: 'scheduled_reports', feature_value: true });
    expect(res.statusCode, res.body).toBe(200);
  }

  admin = await openInService(t, 'acme-admin', a.userIds['acme-admin']!, acme.serviceId);
  logOperator = await openInService(t, 'acme-logs', a.userIds['acme-logs']!, acme.serviceId);
  logViewer = await openInService(t, 'acme-log-viewer', a.userIds['acme-log-viewer']!, acme.serviceId);
  deviceOperator = await openInService(t, 'acme-devices', a.userIds['acme-devices']!, acme.serviceId);
  outsider = await openInService(t, 'globex-admin', g.userIds['globex-admin']!, globex.serviceId);

  // The service's data: devices in two groups, two keys, one key-slot assignment.
  expect((await send(admin, 'POST', ApiPath.deviceGroups, { groups: [{ group_name: 'Lanes' }, { group_name: 'Kiosks, north' }] })).statusCode).toBe(201);
  const devices = await send(admin, 'POST', ApiPath.devices, {
    devices: [
      { serial: 'LANE-0002', group: 'Lanes' },
      { serial: 'LANE-0001', group: 'Lanes' },
      { serial: 'KIOSK-0001', group: 'Kiosks, north' },
    ],
  });
  expect(devices.statusCode, devices.body).toBe(201);
  expect((await send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'Acquirer', key_retrieval_algorithm: 'static' }] })).statusCode).toBe(201);
  const keys = await send(admin, 'POST', ApiPath.symmetricKeys, {
    symmetric_keys: ['KEK 1', 'KBPK 1'].map((name) => ({ source: 'generate', name, group: 'Acquirer', algorithm: 'AES_128', usage: name.startsWith('KEK') ? 'K0' : 'K1', mode_of_use: 'B', exportability: 'E' })),
  });
  expect(keys.statusCode, keys.body).toBe(200);
  for (const r of keys.json().results as { name: string; key: { kcv: string } }[]) kcvs[r.name] = r.key.kcv;
  const assigned = await send(admin, 'POST', ApiPath.keyAssignments, { key_assignments: [{ group: 'Lanes', key_slot: 1, key: 'KEK 1' }] });
  expect(assigned.json().results[0].success, assigned.body).toBe(true);

  // Transfer servers: the SFTP server with its host key confirmed, one on a closed port, one whose key nobody confirmed.
  const added = await send(admin, 'POST', ApiPath.scpServers, {
    servers: [
      { name: 'Reports SFTP', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, username: 'reports', secret: SFTP_PASSWORD, remote_directory: 'inbox' },
      { name: 'Closed port', protocol: 'sftp', host: '127.0.0.1', port: closedPort, username: 'reports', secret: SFTP_PASSWORD },
      { name: 'Unconfirmed SFTP', protocol: 'sftp', host: '127.0.0.1', port: strangerSftp.port, username: 'reports', secret: SFTP_PASSWORD },
    ],
  });
  for (const r of transferServersResultResponse.parse(added.json()).results) servers[r.name] = r.server!.id;
  expect((await admin.post(ApiPath.scpServerTest, { name: 'Reports SFTP' })).json().test_result.host_key.fingerprint).toBe(sftp.hostKey.fingerprint);
  const trusted = await send(admin, 'PUT', ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: sftp.hostKey.fingerprint }] });
  expect(trusted.json().results[0].success, trusted.body).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await sftp?.close();
  await strangerSftp?.close();
  await smtp?.close();
});

const DAILY = { name: 'Daily devices', kind: 'devices', frequency: 'daily', time: '06:00' };

describe('scheduled reports', () => {
  it('creates reports with their schedule and destinations, each row on its own', async () => {
    const before = new Date();
    const results = await create([
      { ...DAILY, transfer_server_id: servers['Reports SFTP'], recipients: ['Ops@Acme.test', 'audit@acme.test'] },
      { name: 'Weekly keys', kind: 'keys', frequency: 'weekly', weekday: 'monday', time: '07:30', recipients: ['keys@acme.test'] },
      { name: 'Slots', kind: 'key_assignments', frequency: 'daily', time: '23:45', recipients: ['keys@acme.test'], enabled: false },
      { ...DAILY, name: 'daily DEVICES', recipients: ['x@acme.test'] },
      { ...DAILY, name: 'Elsewhere', transfer_server_id: '00000000-0000-4000-8000-000000000000' },
    ]);
    const after = new Date();
    expect(results.map((r) => r.success)).toEqual([true, true, true, false, false]);
    expect(results[3]!.message).toBe(Messages.scheduledReportAddFailed('daily DEVICES', Messages.scheduledReportExists('daily DEVICES')));
    expect(results[4]!.message).toBe(Messages.scheduledReportAddFailed('Elsewhere', Messages.scheduledReportServerUnknown));

    const daily = results[0]!.report!;
    expect(daily).toMatchObject({
      kind: 'devices',
      schedule: 'Daily at 06:00 UTC',
      weekday: null,
      transfer_server: { id: servers['Reports SFTP'], name: 'Reports SFTP', protocol: 'sftp' },
      recipients: ['ops@acme.test', 'audit@acme.test'],
      enabled: true,
      last_run: null,
      created_by: 'acme-admin',
    });
    const schedule = { frequency: 'daily', weekday: null, time: '06:00' } as const;
    expect([nextRunAfter(schedule, before).toISOString(), nextRunAfter(schedule, after).toISOString()]).toContain(daily.next_run_at);
    expect(results[1]!.report).toMatchObject({ schedule: 'Every Monday at 07:30 UTC', transfer_server: null });
    expect(new Date(results[1]!.report!.next_run_at!).getUTCDay()).toBe(1);
    expect(results[2]!.report).toMatchObject({ enabled: false, next_run_at: null });

    expect((await list()).map((r) => r.name)).toEqual(['Daily devices', 'Slots', 'Weekly keys']);
    const [event] = await queryRows<{ target: string }>(t.database.db, sql`select target from audit_events where account_id = ${acme.accountId} and action = 'scheduled_report.create'`);
    expect(event!.target).toBe(
      'Acme payments: Daily devices (Remote devices, Daily at 06:00 UTC, to sftp://Reports SFTP, mailed to ops@acme.test, audit@acme.test); ' +
        'Weekly keys (Key inventory, Every Monday at 07:30 UTC, mailed to keys@acme.test); Slots (Key assignments, Daily at 23:45 UTC, disabled, mailed to keys@acme.test) +2 more',
    );
  });

  it('refuses bad input with the field it concerns', async () => {
    const refused = async (report: object) => {
      const res = await send(admin, 'POST', ApiPath.scheduledReports, { reports: [report] });
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().errors as object);
    };
    expect(await refused({ ...DAILY, name: 'Nowhere' })).toEqual(['reports.0.recipients']);
    expect(await refused({ ...DAILY, frequency: 'weekly', recipients: ['a@acme.test'] })).toEqual(['reports.0.weekday']);
    expect(await refused({ ...DAILY, time: '25:00', recipients: ['a@acme.test'] })).toEqual(['reports.0.time']);
    expect(await refused({ ...DAILY, kind: 'audit', recipients: ['a@acme.test'] })).toEqual(['reports.0.kind']);
    expect(await refused({ ...DAILY, recipients: ['not-an-address'] })).toEqual(['reports.0.recipients.0']);
    expect(await refused({ ...DAILY, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@acme.test`) })).toEqual(['reports.0.recipients']);
    expect(await refused({ ...DAILY, name: 'x'.repeat(101), recipients: ['a@acme.test'] })).toEqual(['reports.0.name']);
    expect(await refused({ ...DAILY, transfer_server_id: 'Reports SFTP' })).toEqual(['reports.0.transfer_server_id']);
    expect((await send(admin, 'POST', ApiPath.scheduledReports, { reports: [] })).statusCode).toBe(400);
    const errors = async (report: object) => (await send(admin, 'POST', ApiPath.scheduledReports, { reports: [report] })).json().errors as Record<string, unknown>;
    const cron = { ...DAILY, name: 'Cron', frequency: 'cron', time: null, recipients: ['a@acme.test'] };
    expect(JSON.stringify(await errors({ ...cron, cron: '0 6 * *' }))).toContain('A cron expression has 5 fields (minute hour day-of-month month day-of-week), e.g. 0 6 * * 1-5; this one has 4');
    expect(JSON.stringify(await errors({ ...cron, cron: '0 25 * * *' }))).toContain('Not a valid cron expression: Constraint error, got value 25 expected range 0-23');
    expect(Object.keys(await errors({ ...DAILY, time_zone: 'Mars/Olympus', recipients: ['a@acme.test'] }))).toEqual(['reports.0.time_zone']);
    expect(JSON.stringify(await errors({ ...DAILY, time_zone: 'Mars/Olympus', recipients: ['a@acme.test'] }))).toContain('Choose a time zone by its IANA name, e.g. Europe/Berlin or UTC');
    expect((await send(admin, 'PUT', ApiPath.scheduledReports, { reports: [{ name: 'Daily devices', time: '6am' }] })).statusCode).toBe(400);
    expect((await admin.post(ApiPath.scheduledReportRun, {})).statusCode).toBe(400);
    expect((await admin.get(`${ApiPath.scheduledReportRuns}?name=Daily%20devices&limit=1000`)).statusCode).toBe(400);
  });

  it('runs a report now: the CSV lands on the SFTP server and in the mailbox with every device', async () => {
    const mailsBefore = smtp.messages.length;
    const queued = await runNow('Daily devices');
    expect(queued).toMatchObject({ name: 'Daily devices', message: Messages.scheduledReportQueued('Daily devices') });
    const run = await runOf('Daily devices', queued.run_id);

    const expected = ['serial,group,device_model,archived,failed,last_load,created_at', '"Kiosks, north"', 'LANE-0001,Lanes', 'LANE-0002,Lanes'];
    expect(run).toMatchObject({ status: 'success', trigger: 'operator', triggered_by: 'acme-admin', scheduled_for: null, rows: 3, error: null, kind: 'devices' });
    expect(run.file_name).toMatch(/^daily-devices-\d{8}T\d{6}Z\.csv$/);
    expect(run.outcomes).toEqual([
      { destination: 'transfer', target: 'Reports SFTP', success: true, message: Messages.transferDelivered(`inbox/${run.file_name}`, `127.0.0.1:${sftp.port}`, run.bytes!) },
      { destination: 'mail', target: 'ops@acme.test, audit@acme.test', success: true, message: Messages.reportMailed(run.file_name!, 'ops@acme.test, audit@acme.test') },
    ]);

    const landed = readFileSync(join(sftp.root, 'inbox', run.file_name!), 'utf8');
    const lines = landed.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(expected[0]);
    expect(lines[1]!.startsWith('KIOSK-0001,"Kiosks, north",,false,false,,')).toBe(true);
    expect(lines[2]!.startsWith('LANE-0001,Lanes,,false,false,,')).toBe(true);
    expect(lines[3]!.startsWith('LANE-0002,Lanes,,false,false,,')).toBe(true);
    expect(Buffer.byteLength(landed)).toBe(run.bytes);

    const mail = await smtp.waitFor('ops@acme.test', mailsBefore);
    expect(mail.to.sort()).toEqual(['audit@acme.test', 'ops@acme.test']);
    expect(mail.raw).toContain('Subject: Daily devices: Remote devices of Acme payments');
    expect(attachmentOf(mail)).toEqual({ filename: run.file_name, content: landed });

    // The list shows the last run; the audit log the request and the run's outcome, a system event.
    expect((await reportNamed('Daily devices')).last_run).toMatchObject({ id: run.id, status: 'success' });
    const events = await queryRows<{ action: string; actor_username: string; outcome: string; target: string; request_id: string }>(
      t.database.db,
      sql`select action, actor_username, outcome, target, request_id from audit_events where account_id = ${acme.accountId} and action like 'scheduled_report.%' and target like ${`%${run.id}%`} order by seq`,
    );
    expect(events.map((e) => `${e.action} ${e.actor_username} ${e.outcome}`)).toEqual(['scheduled_report.run acme-admin success', 'scheduled_report.delivered system success']);
    expect(events[1]!.target).toBe(
      `Acme payments: Daily devices (Remote devices, 3 rows, run now by acme-admin, run ${run.id}): transfer server Reports SFTP delivered, mail to ops@acme.test, audit@acme.test delivered`,
    );
  });

  it('reports keys with their KCVs and key assignments, never a key value', async () => {
    const mailsBefore = smtp.messages.length;
    await change([{ name: 'Slots', enabled: true }]);
    const keysRun = await runOf('Weekly keys', (await runNow('Weekly keys')).run_id);
    expect(keysRun).toMatchObject({ status: 'success', rows: 2 });
    const slotsRun = await runOf('Slots', (await runNow('Slots')).run_id);
    expect(slotsRun).toMatchObject({ status: 'success', rows: 1 });
    const mails = smtp.messages.slice(mailsBefore).filter((m) => m.to.includes('keys@acme.test'));
    const files = Object.fromEntries(mails.map((m) => attachmentOf(m)).map((a) => [a.filename, a.content]));

    const keyLines = files[keysRun.file_name!]!.trimEnd().split('\r\n');
    expect(keyLines[0]).toBe('name,group,algorithm,usage,mode_of_use,version,state,kcv,kcv_method,created_at,rotated_at');
    expect(keyLines.slice(1).map((line) => line.split(',').slice(0, 9).join(','))).toEqual([
      `KBPK 1,Acquirer,AES_128,K1,B,00,active,${kcvs['KBPK 1']},aes-cmac`,
      `KEK 1,Acquirer,AES_128,K0,B,00,active,${kcvs['KEK 1']},aes-cmac`,
    ]);
    const slotLines = files[slotsRun.file_name!]!.trimEnd().split('\r\n');
    expect(slotLines[0]).toBe('group,key_slot,key,key_state,kcv,assigned_at');
    expect(slotLines[1]!.startsWith(`Lanes,1,KEK 1,active,${kcvs['KEK 1']},`)).toBe(true);
    // Nothing but the stored columns: no key reference or sealed material reaches a report.
    const refs = await queryRows<{ key_ref: string }>(t.database.db, sql`select key_ref from symmetric_keys where service_id = ${acme.serviceId}`);
    for (const { key_ref } of refs) expect(JSON.stringify(files)).not.toContain(key_ref.slice(0, 24));
  });

  it('reports certificates and the service’s own audit events, on monthly and cron schedules in a time zone', async () => {
    await inScope(t.database.db, accountScope(acme.accountId), async (tx) => {
      const ca = { subject: 'CN=Acme Root', not_before: '2025-01-01T00:00:00Z', not_after: '2035-01-01T00:00:00Z' };
      const [root] = (
        (await tx.execute(sql`insert into certificate_authorities (account_id, service_id, name, subject, serial, key_algorithm, keystore, key_ref, certificate_pem,
            sha256_fingerprint, not_before, not_after, key_usage, created_by)
          values (${acme.accountId}, ${acme.serviceId}, 'Acme Root', ${ca.subject}, '01', 'EC_P256', 'software', 'ref', 'pem', 'fp', ${ca.not_before}, ${ca.not_after},
            'keyCertSign', 'acme-admin') returning id`)) as unknown as { rows: { id: string }[] }
      ).rows;
      for (const [serial, subject, revoked] of [['0a', 'CN=lane-1', null], ['0b', 'CN=lane-2', '2025-06-01T00:00:00Z']] as const) {
        await tx.execute(sql`insert into issued_certificates (account_id, service_id, ca_id, serial, subject, key_algorithm, certificate_pem, sha256_fingerprint,
            not_before, not_after, revoked_at, revocation_reason, issued_by)
          values (${acme.accountId}, ${acme.serviceId}, ${root!.id}, ${serial}, ${subject}, 'EC_P256', 'pem', 'fp', '2025-01-01T00:00:00Z', '2034-01-01T00:00:00Z',
            ${revoked}::timestamptz, ${revoked ? 'keyCompromise' : null}, 'acme-admin')`);
      }
    });
    const created = await create([
      { name: 'Certificates', kind: 'certificates', frequency: 'monthly', day_of_month: 'last', time: '06:00', time_zone: 'Europe/Berlin', recipients: ['pki@acme.test'] },
      { name: 'Audit trail', kind: 'audit_events', frequency: 'cron', cron: '0 6 * * 1-5', time_zone: 'America/New_York', recipients: ['pki@acme.test'] },
    ]);
    expect(created.map((r) => r.success), JSON.stringify(created)).toEqual([true, true]);
    expect(created[0]!.report).toMatchObject({ schedule: 'Monthly on the last day at 06:00 Europe/Berlin', day_of_month: 'last', time_zone: 'Europe/Berlin' });
    expect(created[1]!.report).toMatchObject({ schedule: 'Cron 0 6 * * 1-5 (America/New_York)', cron: '0 6 * * 1-5', time: null });
    // 06:00 in New York is 10:00 or 11:00 UTC, on a weekday there.
    expect([10, 11]).toContain(new Date(created[1]!.report!.next_run_at!).getUTCHours());

    const mailsBefore = smtp.messages.length;
    const certRun = await runOf('Certificates', (await runNow('Certificates')).run_id);
    expect(certRun).toMatchObject({ status: 'success', rows: 2, kind: 'certificates' });
    const auditRun = await runOf('Audit trail', (await runNow('Audit trail')).run_id);
    expect(auditRun).toMatchObject({ status: 'success', kind: 'audit_events' });
    const files = Object.fromEntries(smtp.messages.slice(mailsBefore).map((m) => attachmentOf(m)).map((a) => [a.filename, a.content]));

    const certLines = files[certRun.file_name!]!.trimEnd().split('\r\n');
    expect(certLines).toEqual([
      'serial,subject,ca,not_before,not_after,status,revoked_at,revocation_reason',
      '0a,CN=lane-1,Acme Root,2025-01-01T00:00:00.000Z,2034-01-01T00:00:00.000Z,valid,,',
      '0b,CN=lane-2,Acme Root,2025-01-01T00:00:00.000Z,2034-01-01T00:00:00.000Z,revoked,2025-06-01T00:00:00.000Z,keyCompromise',
    ]);

    // Every event that names the service, and only those: its devices, keys and reports, and logging in to it.
    const expected = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where account_id = ${acme.accountId} and occurred_at <= ${auditRun.started_at}::timestamptz
          and (target = 'Acme payments' or target = ${acme.serviceId} or target like 'Acme payments: %')`,
    );
    expect(auditRun.rows).toBe(expected[0]!.n);
    const auditLines = files[auditRun.file_name!]!.trimEnd().split('\r\n');
    expect(auditLines[0]).toBe('occurred_at,actor,action,target,outcome,reason,client_address,request_id');
    const actions = new Set(auditLines.slice(1).map((line) => line.split(',')[2]));
    for (const action of ['service.login', 'device.create', 'symmetric_key.create', 'scheduled_report.create']) expect(actions, action).toContain(action);
    expect(actions).not.toContain('auth.login');
    expect(auditLines.slice(1).every((line) => line.includes('Acme payments'))).toBe(true);
    // The next run covers only what happened since this one.
    const again = await runOf('Audit trail', (await runNow('Audit trail')).run_id);
    expect(again.rows).toBeLessThan(auditRun.rows!);
  });

  it('records a failing destination as a partial or failed run with a clear message', async () => {
    await create([
      { ...DAILY, name: 'Devices to a closed port', transfer_server_id: servers['Closed port'], recipients: ['ops@acme.test'] },
      { ...DAILY, name: 'Devices to an unconfirmed host', transfer_server_id: servers['Unconfirmed SFTP'] },
    ]);
    const partial = await runOf('Devices to a closed port', (await runNow('Devices to a closed port')).run_id);
    expect(partial.status).toBe('partial');
    expect(partial.outcomes).toEqual([
      { destination: 'transfer', target: 'Closed port', success: false, message: Messages.transferRefused(`127.0.0.1:${closedPort}`) },
      { destination: 'mail', target: 'ops@acme.test', success: true, message: Messages.reportMailed(partial.file_name!, 'ops@acme.test') },
    ]);

    const failed = await runOf('Devices to an unconfirmed host', (await runNow('Devices to an unconfirmed host')).run_id);
    expect(failed).toMatchObject({ status: 'failed', rows: 3, error: null });
    expect(failed.outcomes).toEqual([
      {
        destination: 'transfer',
        target: 'Unconfirmed SFTP',
        success: false,
        message: Messages.hostKeyUnknown(`127.0.0.1:${strangerSftp.port}`, 'ssh-ed25519', strangerSftp.hostKey.fingerprint),
      },
    ]);
    expect(readdirSync(strangerSftp.root)).toEqual([]);

    const events = await queryRows<{ outcome: string; reason: string; target: string }>(
      t.database.db,
      sql`select outcome, reason, target from audit_events where account_id = ${acme.accountId} and action = 'scheduled_report.delivered' and target like ${`%${partial.id}%`}`,
    );
    expect(events).toEqual([
      {
        outcome: 'failure',
        reason: Messages.transferRefused(`127.0.0.1:${closedPort}`),
        target: `Acme payments: Devices to a closed port (Remote devices, 3 rows, run now by acme-admin, run ${partial.id}): transfer server Closed port failed, mail to ops@acme.test delivered`,
      },
    ]);
  });

  it('runs a due report once from the scheduler, then moves its next run on', async () => {
    const weekly = await reportNamed('Weekly keys');
    const due = new Date(Date.now() - 3 * 86_400_000);
    await queryRows(t.database.db, sql`update scheduled_reports set next_run_at = ${due.toISOString()}::timestamptz where id = ${weekly.id}`);
    const before = (await runs('Weekly keys')).length;
    await t.scheduledReports.tick();
    await t.scheduledReports.tick();
    for (let waited = 0; waited < 20_000 && (await runs('Weekly keys')).length === before; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const history = await runs('Weekly keys');
    expect(history).toHaveLength(before + 1);
    expect(history[0]).toMatchObject({ trigger: 'schedule', triggered_by: null, scheduled_for: due.toISOString(), status: 'success' });
    expect(history[0]!.file_name).toBe(reportFileName('Weekly keys', due));
    const moved = await reportNamed('Weekly keys');
    expect(moved.next_run_at).toBe(nextRunAfter({ frequency: 'weekly', weekday: 'monday', time: '07:30' }, new Date()).toISOString());
    // Another look finds nothing due.
    await t.scheduledReports.tick();
    await new Promise((r) => setTimeout(r, 300));
    expect(await runs('Weekly keys')).toHaveLength(before + 1);
    const [event] = await queryRows<{ actor_username: string; target: string }>(
      t.database.db,
      sql`select actor_username, target from audit_events where action = 'scheduled_report.delivered' and target like ${`%${history[0]!.id}%`}`,
    );
    expect(event).toMatchObject({ actor_username: 'system' });
    expect(event!.target).toContain('(Key inventory, 2 rows, scheduled, run ');
  });

  it('changes, renames, switches off and on, refusing what does not hold together', async () => {
    const before = new Date();
    const [renamed] = await change([{ name: 'Slots', new_name: 'Key slots', frequency: 'weekly', weekday: 'sunday', time: '00:00' }]);
    expect(renamed).toMatchObject({ name: 'Key slots', success: true, message: Messages.scheduledReportChanged('Key slots') });
    expect(renamed!.report).toMatchObject({ schedule: 'Every Sunday at 00:00 UTC', weekday: 'sunday' });
    expect(renamed!.report!.next_run_at).toBe(nextRunAfter({ frequency: 'weekly', weekday: 'sunday', time: '00:00' }, before).toISOString());
    // The history follows the report under its new name.
    expect((await runs('Key slots')).length).toBeGreaterThan(0);

    const [off] = await change([{ name: 'Key slots', enabled: false }]);
    expect(off).toMatchObject({ success: true, message: Messages.scheduledReportSwitched('Key slots', false), report: { enabled: false, next_run_at: null } });
    const [on] = await change([{ name: 'key SLOTS', enabled: true }]);
    expect(on).toMatchObject({ success: true, message: Messages.scheduledReportSwitched('Key slots', true), report: { enabled: true } });
    expect(on!.report!.next_run_at).not.toBeNull();
    // A change that leaves the schedule alone keeps the next run.
    const [recipients] = await change([{ name: 'Key slots', recipients: ['keys@acme.test', 'ops@acme.test'] }]);
    expect(recipients!.report!.next_run_at).toBe(on!.report!.next_run_at);
    // Daily drops the day.
    const [daily] = await change([{ name: 'Key slots', frequency: 'daily' }]);
    expect(daily!.report).toMatchObject({ weekday: null, schedule: 'Daily at 00:00 UTC' });

    const refused = await change([
      { name: 'Key slots', new_name: 'Daily devices' },
      { name: 'Key slots', frequency: 'weekly' },
      { name: 'Key slots', recipients: [] },
      { name: 'Key slots', transfer_server_id: servers['Reports SFTP'], recipients: [] },
      { name: 'No such report', enabled: false },
    ]);
    expect(refused.map((r) => r.message)).toEqual([
      Messages.scheduledReportChangeFailed('Key slots', Messages.scheduledReportExists('Daily devices')),
      Messages.scheduledReportChangeFailed('Key slots', Messages.scheduledReportWeekdayMissing),
      Messages.scheduledReportChangeFailed('Key slots', Messages.scheduledReportNoDestination),
      Messages.scheduledReportChanged('Key slots'),
      Messages.scheduledReportChangeFailed('No such report', Messages.scheduledReportUnknown('No such report')),
    ]);
    expect((await reportNamed('Key slots')).transfer_server?.name).toBe('Reports SFTP');
    const [event] = await queryRows<{ target: string }>(
      t.database.db,
      sql`select target from audit_events where account_id = ${acme.accountId} and action = 'scheduled_report.update' order by seq desc limit 1`,
    );
    expect(event!.target).toBe('Acme payments: Key slots (Key assignments, Daily at 00:00 UTC, to sftp://Reports SFTP); No such report');
  });

  it('lets Log viewers read, Log operators change only reports of data they may see, and nobody without Log', async () => {
    expect((await list(logViewer)).length).toBeGreaterThan(0);
    expect((await runs('Daily devices', logViewer)).length).toBeGreaterThan(0);
    const viewerCreate = await send(logViewer, 'POST', ApiPath.scheduledReports, { reports: [{ ...DAILY, name: 'Mine', recipients: ['a@acme.test'] }] });
    expect(viewerCreate.statusCode).toBe(403);
    expect(viewerCreate.json().message).toBe(Messages.servicePermissionDenied('Log', 'Modify'));
    expect((await logViewer.post(ApiPath.scheduledReportRun, { name: 'Daily devices' })).statusCode).toBe(403);
    expect((await send(logViewer, 'DELETE', ApiPath.scheduledReports, { reports: ['Daily devices'] })).statusCode).toBe(403);

    const noLog = await deviceOperator.get(ApiPath.scheduledReports);
    expect(noLog.statusCode).toBe(403);
    expect(noLog.json().message).toBe(Messages.servicePermissionDenied('Log', 'View'));
    expect((await deviceOperator.get(`${ApiPath.scheduledReportRuns}?name=Daily%20devices`)).statusCode).toBe(403);

    // Log at Modify with Device but not Key: devices yes, keys and key assignments no.
    const results = await create(
      [
        { ...DAILY, name: 'Operator devices', recipients: ['ops@acme.test'] },
        { ...DAILY, name: 'Operator keys', kind: 'keys', recipients: ['ops@acme.test'] },
      ],
      logOperator,
    );
    expect(results.map((r) => r.success)).toEqual([true, false]);
    expect(results[1]!.message).toBe(Messages.scheduledReportAddFailed('Operator keys', Messages.scheduledReportKindRefused('key inventory', 'Key')));
    const [toKeys] = await change([{ name: 'Operator devices', kind: 'keys' }], logOperator);
    expect(toKeys!.success).toBe(false);
    const runKeys = await logOperator.post(ApiPath.scheduledReportRun, { name: 'Weekly keys' });
    expect(runKeys.statusCode).toBe(403);
    expect(runKeys.json().message).toBe('Reporting on key inventory needs the Key permission in your service user group.');
    expect((await runNow('Operator devices', logOperator)).name).toBe('Operator devices');
  });

  it('keeps each company to its own reports', async () => {
    expect(await list(outsider)).toEqual([]);
    const run = await outsider.post(ApiPath.scheduledReportRun, { name: 'Daily devices' });
    expect(run.statusCode).toBe(404);
    expect(run.json().message).toBe(Messages.scheduledReportUnknown('Daily devices'));
    expect((await outsider.get(`${ApiPath.scheduledReportRuns}?name=Daily%20devices`)).statusCode).toBe(404);
    expect((await change([{ name: 'Daily devices', enabled: false }], outsider))[0]!.success).toBe(false);
    const removed = await send(outsider, 'DELETE', ApiPath.scheduledReports, { reports: ['Daily devices'] });
    expect(removed.json().results[0]).toMatchObject({ success: false, message: Messages.deleteFailed('Daily devices', Messages.scheduledReportUnknown('Daily devices')) });
    // Another company's transfer server is no destination.
    const [borrowed] = await create([{ ...DAILY, name: 'Borrowed', transfer_server_id: servers['Reports SFTP'] }], outsider);
    expect(borrowed).toMatchObject({ success: false, message: Messages.scheduledReportAddFailed('Borrowed', Messages.scheduledReportServerUnknown) });
    // Row-level security: globex's scope sees none of acme's reports or runs, whatever the query.
    const seen = await inScope(t.database.db, accountScope(globex.accountId), async (tx) => ({
      reports: ((await tx.execute(sql`select count(*)::int as n from scheduled_reports`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
      runs: ((await tx.execute(sql`select count(*)::int as n from report_runs`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
    }));
    expect(seen).toEqual({ reports: 0, runs: 0 });
    expect((await reportNamed('Daily devices')).enabled).toBe(true);
  });

  it('answers only where the platform switched scheduled reports on', async () => {
    const off = await send(platform, 'PUT', `/rest/api/v2/account/${acme.accountId}/feature/`, { feature_name: 'scheduled_reports', feature_value: false });
    expect(off.statusCode).toBe(200);
    const refused = await admin.get(ApiPath.scheduledReports);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.scheduledReportsOff);
    expect((await admin.post(ApiPath.scheduledReportRun, { name: 'Daily devices' })).statusCode).toBe(403);
    // A scheduled run meanwhile records why nothing was sent.
    const daily = (await queryRows<{ id: string }>(t.database.db, sql`select id from scheduled_reports where name = 'Daily devices'`))[0]!;
    await queryRows(t.database.db, sql`update scheduled_reports set next_run_at = now() - interval '1 minute' where id = ${daily.id}`);
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_runs where report_id = ${daily.id}`))[0]!.n;
    const before = await count();
    await t.scheduledReports.tick();
    for (let waited = 0; waited < 20_000 && (await count()) === before; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const [last] = await queryRows<{ status: string; error: string; rows: number | null }>(
      t.database.db,
      sql`select status, error, rows from report_runs where report_id = ${daily.id} order by started_at desc limit 1`,
    );
    expect(last).toEqual({ status: 'failed', error: Messages.scheduledReportsOff, rows: null });
    await send(platform, 'PUT', `/rest/api/v2/account/${acme.accountId}/feature/`, { feature_name: 'scheduled_reports', feature_value: true });
    expect((await admin.get(ApiPath.scheduledReports)).statusCode).toBe(200);
  });

  it('keeps runs append-only and deletes them with their report', async () => {
    const denied = await inScope(t.database.db, accountScope(acme.accountId), (tx) => tx.execute(sql`update report_runs set status = 'success'`)).catch((e: unknown) => e);
    expect(String((denied as { cause?: unknown }).cause ?? denied)).toMatch(/permission denied/);
    const deniedDelete = await inScope(t.database.db, accountScope(acme.accountId), (tx) => tx.execute(sql`delete from report_runs`)).catch((e: unknown) => e);
    expect(String((deniedDelete as { cause?: unknown }).cause ?? deniedDelete)).toMatch(/permission denied/);

    const doomed = await reportNamed('Devices to a closed port');
    const res = await send(admin, 'DELETE', ApiPath.scheduledReports, { reports: ['Devices to a closed port', 'Never was'] });
    expect(res.statusCode).toBe(200);
    expect(scheduledReportsResultResponse.parse(res.json()).results).toEqual([
      { name: 'Devices to a closed port', success: true, message: Messages.deleted('Devices to a closed port') },
      { name: 'Never was', success: false, message: Messages.deleteFailed('Never was', Messages.scheduledReportUnknown('Never was')) },
    ]);
    const left = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_runs where report_id = ${doomed.id}`);
    expect(left[0]!.n).toBe(0);
    // Each run's outcome stays in the audit log.
    const kept = await queryRows(t.database.db, sql`select 1 from audit_events where action = 'scheduled_report.delivered' and target like 'Acme payments: Devices to a closed port%'`);
    expect(kept).toHaveLength(1);
  });

  it('loses a deleted transfer server, and says so when nothing is left to deliver to', async () => {
    await create([{ ...DAILY, name: 'Only SFTP', transfer_server_id: servers['Unconfirmed SFTP'] }]);
    const removed = await send(admin, 'DELETE', ApiPath.scpServers, { servers: ['Unconfirmed SFTP'] });
    expect(removed.json().results[0].success, removed.body).toBe(true);
    expect((await reportNamed('Only SFTP')).transfer_server).toBeNull();
    const run = await runOf('Only SFTP', (await runNow('Only SFTP')).run_id);
    expect(run).toMatchObject({ status: 'failed', error: Messages.reportRunNoDestination, outcomes: [] });
  });

  it('counts CSV records, not lines', () => {
    expect(recordsIn('a,b\r\n"x\r\ny",z\r\n1,2\r\n')).toBe(3);
    expect(reportFileName('Daily devices / EU', new Date('2025-03-10T06:00:00.000Z'))).toBe('daily-devices-eu-20250310T060000Z.csv');
    expect(reportFileName('***', new Date('2025-03-10T06:00:00.000Z'))).toBe('report-20250310T060000Z.csv');
  });
});
