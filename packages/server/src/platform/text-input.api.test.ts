import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test/fixtures.ts';
import { startWithPlatformAdmin, type TestApp, type Visitor } from '../../test/test-app.ts';

let t: TestApp;
let admin: Visitor;

beforeAll(async () => ({ t, admin } = await startWithPlatformAdmin()));
afterAll(() => t.close());

/** A JSON body whose role name holds raw bytes that are not UTF-8. */
const roleWith = (bytes: number[]) =>
  Buffer.concat([Buffer.from('{"roles":[{"name":"bad'), Buffer.from(bytes), Buffer.from('","permissions":[]}]}')]);

describe('bodies that are not UTF-8', () => {
  it.each([
    ['a lead byte without its continuation (C3 28)', [0xc3, 0x28]],
    ['a byte UTF-8 never uses (FF)', [0xff]],
    ['a truncated sequence at the end of the text (E2 82)', [0xe2, 0x82]],
  ])('refuses %s in a JSON body with 400 and stores nothing', async (_name, bytes) => {
    const res = await admin.call({ method: 'POST', url: '/rest/api/v1/user/roles', payload: roleWith(bytes), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ request: [Messages.invalidText] });
    expect(await queryRows(t.database.db, sql`select name from roles where name like 'bad%'`)).toEqual([]);
    const [event] = await queryRows<{ outcome: string; reason: string }>(
      t.database.db,
      sql`select outcome, reason from audit_events where action = 'roles.create' order by id desc limit 1`,
    );
    expect(event).toEqual({ outcome: 'refused', reason: 'invalid_text:request' });
  });

  it('still takes UTF-8 text beyond ASCII in a JSON body', async () => {
    const payload = Buffer.from('{"roles":[{"name":"Équipe clés","permissions":[]}]}', 'utf8');
    const res = await admin.call({ method: 'POST', url: '/rest/api/v1/user/roles', payload, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().roles[0].name).toBe('Équipe clés');
  });

  it('refuses a form body whose percent-escapes or bytes are not UTF-8, and reads a good one', async () => {
    const form = (payload: string | Buffer) =>
      t.app.inject({ method: 'POST', url: ApiPath.oauthToken, payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const escaped = await form('grant_type=client_credentials&client_id=%FF&client_secret=x');
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().error_description).toContain(Messages.invalidText);
    const raw = await form(Buffer.concat([Buffer.from('grant_type=client_credentials&client_id='), Buffer.from([0xc3, 0x28]), Buffer.from('&client_secret=x')]));
    expect(raw.statusCode).toBe(400);
    // A well-formed form reaches the endpoint, which refuses the unknown credential for what it is.
    const good = await form('grant_type=client_credentials&client_id=no+such+client&client_secret=x%C3%A9');
    expect(good.statusCode).toBe(401);
  });
});
