import { describe, expect, it } from 'vitest';
import { apiPath, ApiPath } from './http';

describe('apiPath', () => {
  it('fills each parameter, encoded', () => {
    expect(apiPath(ApiPath.syslogConfigTest, { account_id: 'a/b', config_id: 'c d' })).toBe('/rest/api/v1/accounts/a%2Fb/syslog-configs/c%20d/test');
    expect(apiPath(ApiPath.login)).toBe('/rest/api/v1/login');
  });

  it('takes exactly the path’s parameters', () => {
    // @ts-expect-error config_id is missing
    apiPath(ApiPath.syslogConfig, { account_id: 'a' });
    // @ts-expect-error id is no parameter of this path
    apiPath(ApiPath.adminAccount, { account_id: 'a', id: 'b' });
    // @ts-expect-error the path has a parameter
    apiPath(ApiPath.adminAccount);
  });

  it('spells every path parameter in snake_case, as on the wire', () => {
    const names = Object.values(ApiPath).flatMap((path) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!));
    expect(names.filter((name) => !/^[a-z]+(_[a-z]+)*$/.test(name))).toEqual([]);
  });
});
