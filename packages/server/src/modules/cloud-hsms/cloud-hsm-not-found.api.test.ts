import { randomUUID } from 'node:crypto';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount } from '../../../test/fixtures.ts';
import { Visitor } from '../../../test/test-app.ts';
import { startApp, type TestApp } from './cloud-hsms.test-helper.ts';

/** A link to a cloud HSM that leads nowhere: an unknown id or one that is no id at all is not found, never "not valid". */
let t: TestApp;
let customer: Visitor;

beforeAll(async () => {
  t = await startApp();
  await seedAccount(t.database.db, 'nohsm', [{ username: 'nohsm-admin', roleNames: [ROLE.admin] }]);
  customer = new Visitor(t.app);
  expect((await customer.signIn('nohsm-admin', PASSWORD)).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('an unknown cloud HSM', () => {
  it('answers 404 saying that no such HSM exists', async () => {
    const res = await customer.get(apiPath(ApiPath.cloudHsm, { hsm_id: randomUUID() }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CloudHsmMessages.hsmNotFound);
  });

  it('answers a malformed id as not found too, on reads and changes alike', async () => {
    const read = await customer.get(apiPath(ApiPath.cloudHsm, { hsm_id: 'not-an-hsm' }));
    expect([read.statusCode, read.json().message]).toEqual([404, Messages.notFound]);
    const change = await customer.post(apiPath(ApiPath.cloudHsmRestore, { hsm_id: 'not-an-hsm' }), { content: 'AAAA', passphrase: 'long enough passphrase' });
    expect([change.statusCode, change.json().message]).toEqual([404, Messages.notFound]);
  });

  it('still answers a malformed query or body as not valid (400)', async () => {
    const res = await customer.post(apiPath(ApiPath.cloudHsmRestore, { hsm_id: randomUUID() }), { content: 42 });
    expect([res.statusCode, res.json().message]).toEqual([400, Messages.invalidRequest]);
  });
});
