import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';

describe('health probes', () => {
  it('are live and ready while the database answers, and not ready once it is gone', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      await t.database.close();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.app.close().catch(() => undefined);
    }
  });
});
