import { certificatesResponse, type CertificatesQuery } from '@keydeck/contract/certificates';
import { ApiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { opensslCsr } from '../../../test/openssl.ts';
import { pagesBackward, pagesByNumber, pagesForward } from '../../../test/keyset-walk.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { MALFORMED_CURSOR } from '../../platform/keyset.ts';

/** The issued certificates page by keyset: following the cursors shows every certificate once, as page numbers do. */
let t: TestApp;
let admin: Visitor;
const CERTIFICATES = 23;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await serviceAdministrator(t));
  for (const ca_name of ['Paged Root', 'Other Root']) {
    const ca = await admin.call({ method: 'POST', url: ApiPath.certAuthorities, payload: { ca_name, key_algorithm: 'EC_P256', subject: { common_name: ca_name }, validity_days: 3000 } });
    expect(ca.statusCode, ca.body).toBe(201);
  }
  // Three subjects over 23 certificates: many tie in subject order.
  const csrs = ['/CN=alpha.acme.test', '/CN=beta.acme.test', '/CN=gamma.acme.test'].map((subject) => opensslCsr(subject).csrPem);
  for (let i = 0; i < CERTIFICATES; i++) {
    const payload = { ca: i % 4 ? 'Paged Root' : 'Other Root', csr: csrs[i % 3], validity_days: 30 + i };
    const res = await admin.call({ method: 'POST', url: ApiPath.certificates, payload });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Certificates issued in the same microsecond and expiring in the same one, and some revoked: ties and a status to page.
  await t.database.db.execute(sql`update issued_certificates set created_at = '2026-04-01 12:00:00.135791+00' where subject like '%alpha%'`);
  await t.database.db.execute(sql`update issued_certificates set not_after = '2027-04-01 12:00:00.864209+00' where subject like '%beta%'`);
  await t.database.db.execute(sql`update issued_certificates set revoked_at = now(), revocation_reason = 'keyCompromise' where subject like '%gamma%' and not_after < now() + interval '40 days'`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof certificatesResponse.parse>;
const list = async (query: Partial<Record<keyof CertificatesQuery, string>>): Promise<Page> => {
  const res = await admin.get(`${ApiPath.certificates}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return certificatesResponse.parse(res.json());
};
const serials = (page: Page) => page.data.map((c) => c.serial);

describe('issued certificates by keyset', () => {
  it.each([
    ['subject', 'asc', {}],
    ['subject', 'desc', {}],
    ['serial', 'asc', {}],
    ['serial', 'desc', {}],
    ['issued_at', 'asc', {}],
    ['issued_at', 'desc', {}],
    ['not_after', 'asc', {}],
    ['not_after', 'desc', {}],
    ['subject', 'asc', { ca: 'Paged Root', status: 'valid' }],
    ['not_after', 'asc', { search: 'beta' }],
  ])('pages by cursor in %s %s order (filters %j) through the certificates page numbers show', async (order_by, order, filters) => {
    const first = await list({ order_by, order, ...filters });
    const pages = Math.ceil(first.total / 5);
    const byNumber: string[] = (await pagesByNumber(list, { order_by, order, ...filters }, pages)).flatMap(serials);
    expect(byNumber).toHaveLength(first.total);
    expect(new Set(byNumber).size).toBe(first.total);

    const forward = await pagesForward(list, { order_by, order, ...filters }, first);
    expect(first.prev_cursor).toBeNull();
    expect(forward.flatMap(serials)).toEqual(byNumber);
    expect(forward.every((page) => page.total === first.total && !page.total_capped)).toBe(true);

    const backward = await pagesBackward(list, { order_by, order, ...filters });
    expect(backward[0]!.next_cursor).toBeNull();
    expect(serials(backward[0]!)).toEqual(byNumber.slice((pages - 1) * 5));
    expect(backward.reverse().flatMap(serials)).toEqual(byNumber);
  });

  it('counts every certificate, and refuses a cursor it did not answer', async () => {
    expect((await list({})).total).toBe(CERTIFICATES);
    const bad = await admin.get(`${ApiPath.certificates}?before=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ before: [MALFORMED_CURSOR] });
  });
});
