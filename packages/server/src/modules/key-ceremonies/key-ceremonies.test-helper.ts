import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ApiPath } from '@keydeck/contract/http';
import { expect } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, ROLE, openInService, seedAccount, seedService } from '../../../test/fixtures.ts';
import { createSoftHsmToken, type SoftHsmToken } from '../../../test/softhsm.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';

export const KEYSTORES = ['software', 'pkcs11'] as const;
const CUSTODIANS = ['alice', 'bob', 'carol', 'dave'] as const;

/** KCVs computed by Debian's openssl, an implementation Keydeck did not write (AES-256: CMAC; TDES: zeros encrypted). */
export function opensslKcv(keyHex: string): string {
  const zeros = Buffer.alloc(keyHex.length === 64 ? 16 : 8);
  if (keyHex.length === 64) {
    const out = execFileSync('/usr/bin/openssl', ['mac', '-cipher', 'AES-256-CBC', '-macopt', `hexkey:${keyHex}`, 'CMAC'], { input: zeros, encoding: 'utf8' });
    return out.trim().slice(0, 6).toUpperCase();
  }
  const key = keyHex.length === 32 ? keyHex + keyHex.slice(0, 16) : keyHex;
  return execFileSync('/usr/bin/openssl', ['enc', '-des-ede3', '-K', key, '-nopad'], { input: zeros }).subarray(0, 3).toString('hex').toUpperCase();
}

/** The token's secret key objects, by label (a keystore key's label is its id), as opensc's pkcs11-tool lists them. */
export function tokenLabels(token: SoftHsmToken): string[] {
  return execFileSync('pkcs11-tool', ['--module', token.library, '--token-label', token.tokenLabel, '--login', '--pin', token.pin, '--list-objects', '--type', 'secrkey'], {
    encoding: 'utf8',
    env: process.env,
  })
    .split('\n')
    .filter((line) => line.trim().startsWith('label:'))
    .map((line) => line.split(':')[1]!.trim());
}

export type CeremonyService = {
  t: TestApp;
  token: SoftHsmToken | undefined;
  /** acme-admin: every service category at Modify (User too: designates custodians). */
  admin: Visitor;
  /** alice, bob and carol hold Key at View (custodians once designated); dave holds only Device. */
  custodian: Record<(typeof CUSTODIANS)[number], Visitor>;
  /** An administrator of another account, in a service of their own. */
  outsider: Visitor;
  /** Each acme user's id, by username. */
  ids: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A payment-key service on the given keystore (a fresh SoftHSM2 token for pkcs11) with its administrator, three
 * would-be custodians and a device operator, each in their own session on it, and a key group 'Keys'.
 */
export async function startCeremonyService(keystore: (typeof KEYSTORES)[number]): Promise<CeremonyService> {
  const token = keystore === 'pkcs11' ? createSoftHsmToken(`keydeck-ceremony-${randomBytes(4).toString('hex')}`) : undefined;
  const t = await createTestApp(token ? { KEYSTORE: 'pkcs11', PKCS11_LIBRARY: token.library, PKCS11_TOKEN_LABEL: token.tokenLabel, PKCS11_PIN: token.pin } : {});
  const acme = await seedAccount(t.database.db, 'acme', ['acme-admin', ...CUSTODIANS].map((username) => ({ username, roleNames: [ROLE.admin] })));
  const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  const { serviceId } = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    groups: [
      { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
      { name: 'Key custodians', permissions: { Key: 'View' } },
      { name: 'Device operators', permissions: { Device: 'Modify' } },
    ],
    members: [
      { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
      ...['alice', 'bob', 'carol'].map((name) => ({ userId: acme.userIds[name]!, group: 'Key custodians' })),
      { userId: acme.userIds['dave']!, group: 'Device operators' },
    ],
  });
  const other = await seedService(t.database.db, globex.accountId, { type: 'rkms', name: 'Globex keys', members: [{ userId: globex.userIds['globex-admin']! }] });
  const admin = await openInService(t, 'acme-admin', acme.userIds['acme-admin']!, serviceId);
  const custodian = {} as CeremonyService['custodian'];
  for (const name of CUSTODIANS) custodian[name] = await openInService(t, name, acme.userIds[name]!, serviceId);
  const outsider = await openInService(t, 'globex-admin', globex.userIds['globex-admin']!, other.serviceId);
  expect((await admin.post(ApiPath.keyGroups, { groups: [{ name: 'Keys' }] })).statusCode).toBe(201);
  return {
    t,
    token,
    admin,
    custodian,
    outsider,
    ids: acme.userIds,
    async close() {
      await t.close();
      token?.remove();
    },
  };
}
