import { describe, expect, it } from 'vitest';
import { authInfo, loginRequest } from './auth.ts';
import { pagingQuery } from './paging.ts';

const sample = {
  user: { name: 'Ada', email: 'ada@example.test', account_id: 'a1', mfa_enforced: false },
  company: { id: 'a1', name: 'Acme', api_name: 'acme', account_slug: 'acme' },
  permissions: ['users:read'],
  permissible_services: [],
  fully_logged_in: true,
  next_factor: null,
  mfa_enabled: false,
};

describe('auth schemas', () => {
  it('accept the auth_info shape of spec §3 and refuse a missing field or unknown factor', () => {
    expect(authInfo.parse(sample)).toEqual(sample);
    expect(authInfo.safeParse({ ...sample, company: { id: 'a1' } }).success).toBe(false);
    expect(authInfo.safeParse({ ...sample, next_factor: 'sms' }).success).toBe(false);
    expect(authInfo.parse({ ...sample, fully_logged_in: false, next_factor: 'totp' }).next_factor).toBe('totp');
  });

  it('require a username and a password, with field messages', () => {
    const result = loginRequest.safeParse({ username: '  ', password: '' });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fields).toEqual([
      ['username', 'Enter your username'],
      ['password', 'Enter your password'],
    ]);
  });
});

describe('paging (spec §9 defaults)', () => {
  const query = pagingQuery(['name', 'created_at'], 'name');

  it('defaults to page 1, page_size 10, order asc, order_by name', () => {
    expect(query.parse({})).toEqual({ page: 1, page_size: 10, order: 'asc', order_by: 'name' });
  });

  it('coerces query strings and refuses out-of-range values', () => {
    expect(query.parse({ page: '3', page_size: '25', order: 'desc', order_by: 'created_at' })).toMatchObject({ page: 3, page_size: 25 });
    expect(query.safeParse({ page: '0' }).success).toBe(false);
    expect(query.safeParse({ page_size: '1000' }).success).toBe(false);
    expect(query.safeParse({ order_by: 'password_hash' }).success).toBe(false);
  });
});
