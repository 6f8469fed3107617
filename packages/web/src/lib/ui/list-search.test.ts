import { describe, expect, it } from 'vitest';
import { accountsListQuery } from '@keydeck/contract/accounts';
import { auditListQuery } from '@keydeck/contract/audit';
import { lenientSearch, searchDefaults, withoutStaleCursor } from './list-search';

describe('lenientSearch', () => {
  const validate = lenientSearch(accountsListQuery);

  it('fills the spec §9 defaults when the URL has no list params', () => {
    expect(validate({})).toEqual({ page: 1, page_size: 10, order: 'asc', order_by: 'name' });
  });

  it('reads page, size, order and search from the URL', () => {
    expect(validate({ page: '3', page_size: 25, order: 'desc', order_by: 'created_at', search: ' acme ' })).toEqual({
      page: 3,
      page_size: 25,
      order: 'desc',
      order_by: 'created_at',
      search: 'acme',
    });
  });

  it('falls back to the default for a malformed value instead of failing the page', () => {
    expect(validate({ page: 'x', page_size: 5000, order: 'up', order_by: 'password', search: '' })).toEqual({
      page: 1,
      page_size: 10,
      order: 'asc',
      order_by: 'name',
    });
  });

  it('uses the schema of each list: audit logs default to newest first and drop a bad date', () => {
    expect(lenientSearch(auditListQuery)({ from: 'yesterday', outcome: 'refused' })).toEqual({
      page: 1,
      page_size: 10,
      order: 'desc',
      order_by: 'occurred_at',
      outcome: 'refused',
    });
    expect(searchDefaults(auditListQuery)).toEqual({ page: 1, page_size: 10, order: 'desc', order_by: 'occurred_at' });
  });
});

describe('withoutStaleCursor', () => {
  it('keeps the cursor a patch gives, drops it on any other change, and changes nothing for a patch that changes nothing', () => {
    expect(withoutStaleCursor({ page: 4, after: 'c3' }, { page: 5, after: 'c4' })).toEqual({ page: 5, after: 'c4' });
    expect(withoutStaleCursor({ page: 5, after: 'c4', search: 'a' }, { search: 'b', page: 1 })).toEqual({ page: 1, search: 'b' });
    expect(withoutStaleCursor({ page: 9, last: true }, { page: 3 })).toEqual({ page: 3 });
    // No keys set to undefined: the router sees the same search and does not navigate (a route would show its pending state).
    expect(Object.keys(withoutStaleCursor({ search: 'West key' }, { search: 'West key', page: 1 }))).toEqual(['search', 'page']);
  });
});
