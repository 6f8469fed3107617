import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService } from '../../test/fixtures.ts';
import { Visitor, startWithPlatformAdmin, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Visitor;

beforeAll(async () => ({ t, admin } = await startWithPlatformAdmin()));
afterAll(() => t.close());

const createRole = (name: string) => admin.post('/rest/api/v1/user/roles', { roles: [{ name, permissions: [] }] });

describe('names that could pass for others', () => {
  it('refuses a role named with a Cyrillic "а" among Latin letters, or with a bidirectional override, and stores neither', async () => {
    expect((await createRole('Auditors')).statusCode).toBe(201);
    const lookalike = await createRole('Audit\u043Ers');
    expect(lookalike.statusCode).toBe(400);
    expect(lookalike.json().errors).toEqual({ 'roles.0.name': [Messages.nameMixedScripts] });
    const override = await createRole('Auditors\u202E');
    expect(override.json().errors).toEqual({ 'roles.0.name': [Messages.nameHiddenCharacters] });
    const zeroWidth = await createRole('Audi\u200Btors');
    expect(zeroWidth.json().errors).toEqual({ 'roles.0.name': [Messages.nameHiddenCharacters] });
    expect(await queryRows(t.database.db, sql`select name from roles where name like 'Audi%' order by name`)).toEqual([{ name: 'Auditors' }]);
  });

  it('refuses a user display name of mixed scripts and keeps accented and single-script names', async () => {
    const user = (username: string, name: string) =>
      admin.call({ method: 'POST', url: '/rest/api/v1/user/users', payload: { users: [{ username, name, email: `${username}@example.test` }] } });
    const mixed = await user('mallory', 'Аdmin Team');
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ 'users.0.name': [Messages.nameMixedScripts] });
    expect((await user('zoe', 'Zoë Müller-Øst')).statusCode).toBe(201);
    expect((await user('ivan', 'Иван Петров')).statusCode).toBe(201);
    expect((await user('yuki', '山田 ゆき Yuki')).statusCode).toBe(201);
  });

  it('still finds a name stored before the rule: an existing group named with mixed scripts can be deleted by it', async () => {
    const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    const { serviceId } = await seedService(t.database.db, acme.accountId, { members: [{ userId: acme.userIds['acme-admin']! }] });
    const legacy = 'Pаyments'; // a Cyrillic "а", as an earlier version stored it
    await queryRows(t.database.db, sql`insert into device_groups (account_id, service_id, name) values (${acme.accountId}, ${serviceId}, ${legacy})`);
    const operator = new Visitor(t.app);
    expect((await operator.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
    await queryRows(t.database.db, sql`update sessions set current_service_id = ${serviceId} where user_id = ${acme.userIds['acme-admin']!}`);
    expect((await operator.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }))).statusCode).toBe(200);

    const created = await operator.post(ApiPath.deviceGroups, { groups: [{ group_name: 'Pаyments East' }] });
    expect(created.json().errors).toEqual({ 'groups.0.group_name': [Messages.nameMixedScripts] });
    const removed = await operator.call({ method: 'DELETE', url: ApiPath.deviceGroups, payload: { devices: [legacy] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await queryRows(t.database.db, sql`select name from device_groups where service_id = ${serviceId}`)).toEqual([]);
  });
});
