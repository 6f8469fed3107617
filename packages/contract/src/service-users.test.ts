import { describe, expect, it } from 'vitest';
import { sectionsFor, serviceUsersQuery } from './service-users.ts';

describe('service users contract', () => {
  it('opens the data-layer sections of the categories a group holds, in the spec order', () => {
    expect(sectionsFor({})).toEqual([]);
    expect(sectionsFor({ User: 'Modify', Log: 'View' })).toEqual([]);
    expect(sectionsFor({ Device: 'View', CertManage: 'Modify' })).toEqual([
      'Certificate Authorities',
      'Certificate Management',
      'Remote Devices',
      'Device Groups',
      'Device Models',
    ]);
    expect(sectionsFor({ Key: 'View' })).toEqual(['Symmetric Keys', 'Key Assignments']);
  });

  it('takes the groups filter as a comma list or repeated', () => {
    expect(serviceUsersQuery.parse({}).groups).toEqual([]);
    expect(serviceUsersQuery.parse({ groups: 'A, B,' }).groups).toEqual(['A', 'B']);
    expect(serviceUsersQuery.parse({ groups: ['A', 'B,C'] }).groups).toEqual(['A', 'B', 'C']);
  });
});
