import { describe, expect, it } from 'vitest';
import { PasswordText } from '@keydeck/contract/passwords';
import { registrationFormSchema, suggestSlug } from './registration-schema';

describe('suggestSlug', () => {
  it('turns a company name into a valid account slug', () => {
    expect(suggestSlug('Acme Labs, Inc.')).toBe('acme-labs-inc');
    expect(suggestSlug('  Société Générale  ')).toBe('societe-generale');
    expect(suggestSlug('x'.repeat(49) + ' y')).toBe('x'.repeat(49));
  });
});

describe('registrationFormSchema', () => {
  const valid = {
    company_name: 'Acme',
    account_slug: 'acme',
    username: 'acme.admin',
    email: 'ops@acme.example',
    password: 'Harbour-Quartz-Lantern-61',
    confirm: 'Harbour-Quartz-Lantern-61',
  };
  const issues = (values: object) => {
    const parsed = registrationFormSchema.safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a complete sign-up', () => {
    expect(issues(valid)).toEqual([]);
  });

  it('reports every field at once', () => {
    expect(issues({ ...valid, email: 'nope', password: 'short', confirm: 'short' }).sort()).toEqual([
      'email: Enter a valid email address',
      `password: ${PasswordText.tooShort}`,
    ]);
  });

  it('refuses a password equal to the username and a repeat that differs', () => {
    expect(issues({ ...valid, password: 'Acme.Admin', confirm: 'Acme.Admin' })).toEqual([`password: ${PasswordText.tooShort}`]);
    expect(issues({ ...valid, username: 'harbour-quartz-lantern-61' })).toEqual([`password: ${PasswordText.sameAsUsername}`]);
    expect(issues({ ...valid, confirm: 'something else' })).toEqual([`confirm: ${PasswordText.mismatch}`]);
  });
});
