import { CSRF_COOKIE } from '@keydeck/contract/http';
import { describe, expect, it } from 'vitest';
import { ADMIN, Visitor, createTestApp } from '../../test/test-app.ts';

describe('the anti-forgery cookie', () => {
  it('survives an answer given while the database was down, so the first write after recovery is accepted', async () => {
    const outage = await createTestApp();
    const visitor = new Visitor(outage.app);
    expect((await visitor.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const signedIn = visitor.cookies.get(CSRF_COOKIE);
    await outage.database.close();
    const res = await visitor.get('/rest/api/v1/login');
    expect(res.statusCode).toBe(503);
    // The session could not be read: a token bound to no session would replace the browser's good one.
    expect(res.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
    expect(visitor.cookies.get(CSRF_COOKIE)).toBe(signedIn);
    await outage.app.close();
  });
});
