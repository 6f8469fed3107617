import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { devicesApi } from '@keydeck/contract/devices.api';
import { Messages } from '@keydeck/contract/messages';
import { serviceSessionsApi } from '@keydeck/contract/service-sessions.api';
import { servicesApi } from '@keydeck/contract/services.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  await k.ownersService('Payments HSM');
  operator = await k.credential(['services:read']);
});
afterAll(() => k.close());

describe('keydeck devices', () => {
  it('shows examples in the help of every command', async () => {
    for (const command of ['list', 'import', 'export', 'archive', 'unarchive', 'lock', 'unlock', 'move', 'delete']) {
      const { code, stdout } = await k.run(['devices', command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`$ keydeck devices ${command}`);
    }
  });

  it('refuses what a script got wrong before it reaches the server (exit 2)', async () => {
    const env = k.envOf(operator);
    const unconfirmed = await k.run(['devices', 'delete', '--serials', '-'], { env, input: 'T-1\n' });
    expect([unconfirmed.code, unconfirmed.stderr]).toEqual([2, 'keydeck: Deleting devices cannot be undone: add --yes to delete them\n']);
    const untargeted = await k.run(['devices', 'lock'], { env });
    expect(untargeted.code).toBe(2);
    expect(untargeted.stderr).toContain('Name the devices with --serials FILE or give a filter');
    const dates = await k.run(['devices', 'list', '--added-from', '2026-02-01', '--added-to', '2026-01-01'], { env });
    expect([dates.code, dates.stderr]).toEqual([2, 'keydeck: --added-to: The end date is before the start date\n']);
    const headless = join(k.home, 'headless.csv');
    writeFileSync(headless, 'T-1,Stores\n');
    const csv = await k.run(['devices', 'import', headless, '--service', 'Payments HSM'], { env });
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('The first line must name the columns: serial,group');
    const serviceless = await k.run(['devices', 'list'], { env });
    expect(serviceless.code).toBe(2);
    expect(serviceless.stderr).toContain('No service chosen');
  });

  it('answers 4 for a service the account does not have', async () => {
    const { code, stderr } = await k.run(['devices', 'list', '--service', 'Nowhere'], { env: k.envOf(operator) });
    expect([code, stderr]).toEqual([4, 'keydeck: No service named Nowhere\n']);
  });

  it("imports a manufacturer's 10,000 devices and exports them back, row for row", async () => {
    const env = k.envOf(operator);
    const service = ['--service', 'payments hsm'];
    const empty = await k.run(['devices', 'list', ...service], { env });
    expect([empty.code, empty.stdout]).toEqual([0, '']);
    // The group the manifest names, made in the console (the tool has no group command).
    await k.admin.of(servicesApi).selectCurrentService({ body: { service_id: await serviceId() } });
    await k.admin.of(serviceSessionsApi).serviceLogin({ params: { service_id: await serviceId() } });
    await k.admin.of(devicesApi).createDeviceGroups({ body: { groups: [{ group_name: 'Stores' }] } });

    const serials = Array.from({ length: 10_000 }, (_, i) => `SN-${String(i).padStart(5, '0')}`);
    const manifest = join(k.home, 'manifest.csv');
    writeFileSync(manifest, ['serial,group', ...serials.map((serial) => `${serial},Stores`)].join('\n'));
    const imported = await k.run(['devices', 'import', manifest, ...service], { env });
    expect(imported.code, imported.stderr).toBe(0);

    const out = join(k.home, 'export.csv');
    const exported = await k.run(['devices', 'export', '--out', out, ...service], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('serial,group,device_model,archived,failed,last_load,created_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(',')).sort()).toEqual(serials.map((serial) => `${serial},Stores`));
  });

  it('reports the rows it could not add by row, adds the others, and exits 1', async () => {
    const file = join(k.home, 'mixed.csv');
    writeFileSync(file, ['serial,group', 'NEW-1,Stores', 'SN-00001,Stores', 'NEW-2,Atlantis', 'NEW-3,Stores'].join('\n'));
    const { code, stdout } = await k.run(['devices', 'import', file, '--service', 'Payments HSM', '--output', 'csv'], { env: k.envOf(operator) });
    expect(code).toBe(1);
    expect(stdout).toContain(Messages.deviceSerialTaken('SN-00001'));
    expect(stdout).toContain(Messages.deviceGroupUnknown('Atlantis'));
    const listed = await k.run(['devices', 'list', '--search', 'NEW-', '--service', 'Payments HSM', '--output', 'json'], { env: k.envOf(operator) });
    expect((JSON.parse(listed.stdout) as { data: { serial: string }[] }).data.map((d) => d.serial)).toEqual(['NEW-1', 'NEW-3']);
  });

  it("locks devices by a file of serials and by filter, in the server's words", async () => {
    const env = k.envOf(operator);
    const file = join(k.home, 'lock.txt');
    writeFileSync(file, 'SN-00010\nSN-00011\nNOPE-1\n');
    const bySerials = await k.run(['devices', 'lock', '--serials', file, '--service', 'Payments HSM', '--output', 'csv'], { env });
    expect(bySerials.code).toBe(1);
    expect(bySerials.stdout).toContain(Messages.deviceLockChanged('SN-00010', true));
    expect(bySerials.stdout).toContain(Messages.deviceLockChanged('SN-00011', true));
    expect(bySerials.stdout).toContain('NOPE-1');
    const byFilter = await k.run(['devices', 'lock', '--search', 'NEW-', '--service', 'Payments HSM'], { env });
    expect(byFilter.code, byFilter.stderr).toBe(0);
    const locked = await k.run(['devices', 'list', '--search', 'NEW-', '--service', 'Payments HSM', '--output', 'json'], { env });
    // A locked device is marked failed: no key is loaded into it.
    expect((JSON.parse(locked.stdout) as { data: { failed: boolean }[] }).data.map((d) => d.failed)).toEqual([true, true]);
  });
});

async function serviceId(): Promise<string> {
  const page = await k.admin.of(servicesApi).listServices({ query: {} });
  return page.data.find((s) => s.name === 'Payments HSM')!.id;
}
