import { accountFeatures, featureChanged, isFeatureOn } from '@keydeck/contract/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let customer: Visitor;
let platform: Visitor;
const features = (id: string) => `/rest/api/v2/account/${id}/features/`;
const feature = (id: string) => `/rest/api/v2/account/${id}/feature/`;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  globex = await seedAccount(t.database.db, 'globex', []);
  customer = new Visitor(t.app);
  await customer.signIn('acme-admin', PASSWORD);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('account features', () => {
  it('lists every known feature, off until switched on', async () => {
    const { data } = accountFeatures.parse((await customer.get(features(acme.accountId))).json());
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((f) => f.feature_value === false)).toBe(true);
  });

  it('lets a platform administrator switch a feature, answering {key, value} under data', async () => {
    const res = await platform.call({ method: 'PUT', url: feature(acme.accountId), payload: { feature_name: 'cryptohub', feature_value: true } });
    expect(featureChanged.parse(res.json())).toEqual({ data: { key: 'cryptohub', value: true } });
    const { data } = accountFeatures.parse((await customer.get(features(acme.accountId))).json());
    expect(isFeatureOn(data, 'cryptohub')).toBe(true);
    expect(isFeatureOn(data, 'stripe_billing')).toBe(false);
    const other = accountFeatures.parse((await platform.get(features(globex.accountId))).json());
    expect(isFeatureOn(other.data, 'cryptohub')).toBe(false);
  });

  it('refuses unknown features, customers switching them, and other accounts', async () => {
    const unknown = await platform.call({ method: 'PUT', url: feature(acme.accountId), payload: { feature_name: 'free_money', feature_value: true } });
    expect(unknown.statusCode).toBe(400);
    const notBoolean = await platform.call({ method: 'PUT', url: feature(acme.accountId), payload: { feature_name: 'cryptohub', feature_value: 'true' } });
    expect(notBoolean.statusCode).toBe(400);
    const byCustomer = await customer.call({ method: 'PUT', url: feature(acme.accountId), payload: { feature_name: 'cryptohub', feature_value: false } });
    expect(byCustomer.statusCode).toBe(403);
    expect((await customer.get(features(globex.accountId))).statusCode).toBe(404);
    const missing = await platform.call({ method: 'PUT', url: feature('00000000-0000-4000-8000-000000000000'), payload: { feature_name: 'cryptohub', feature_value: true } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('isFeatureOn', () => {
  it('is true only for exactly true', () => {
    expect(isFeatureOn([{ feature_name: 'cryptohub', feature_value: true }], 'cryptohub')).toBe(true);
    expect(isFeatureOn([{ feature_name: 'cryptohub', feature_value: 'true' as unknown as boolean }], 'cryptohub')).toBe(false);
    expect(isFeatureOn([], 'cryptohub')).toBe(false);
  });
});
