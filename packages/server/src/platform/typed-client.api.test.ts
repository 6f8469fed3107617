import { CallError, ResponseMismatchError } from '@keydeck/client/call';
import { createClient } from '@keydeck/client/client';
import { api } from '@keydeck/contract/api';
import { endpoints } from '@keydeck/contract/endpoint';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, createTestApp, type TestApp } from '../../test/test-app.ts';

/** The typed client (packages/client) against the real server on 127.0.0.1, as a script would use it. */
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('the typed client', () => {
  it('signs in, keeps the session, and sends the anti-forgery echo that state-changing calls need', async () => {
    const client = createClient({ baseUrl });
    const auth = client.of(api.auth);
    await auth.login({ body: ADMIN });
    expect((await auth.getSession({})).auth_info.fully_logged_in).toBe(true);

    const name = `Script role ${Date.now()}`;
    const created = await client.of(api.roles).createRoles({ body: { roles: [{ name, permissions: [Permission.auditRead] }] } });
    expect(created.roles.map((role) => role.name)).toEqual([name]);
    const listed = await client.call(api.roles.listRoles, { query: { search: name } });
    expect(listed.data.map((role) => role.name)).toContain(name);
  });

  it('answers a refusal as a CallError with the status and the server’s message, and changes nothing', async () => {
    const visitor = createClient({ baseUrl });
    const refusal = await visitor.call(api.roles.listRoles, {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CallError);
    expect(refusal).toMatchObject({ status: 401, message: Messages.notLoggedIn });
  });

  it('refuses an answer that does not match the declaration instead of handing it on', async () => {
    const client = createClient({ baseUrl });
    await client.of(api.auth).login({ body: ADMIN });
    const wrong = endpoints({ product: 'identity', tag: 'Roles' }, {
      listRoles: { method: 'GET', path: ApiPath.roles, responses: { 200: z.object({ roles: z.array(z.number()) }) }, summary: 'x', description: 'x' },
    });
    await expect(client.call(wrong.listRoles, {})).rejects.toBeInstanceOf(ResponseMismatchError);
  });
});
