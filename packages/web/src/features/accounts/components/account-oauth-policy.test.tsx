import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { OAuthMessages } from '@keydeck/contract/oauth';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { AccountOAuthPolicy } from './account-oauth-policy';

const accountId = 'acc00000-0000-4000-8000-000000000001';
const path = apiPath(ApiPath.adminAccountOAuthPolicy, { account_id: accountId });

afterEach(() => vi.restoreAllMocks());

describe('AccountOAuthPolicy', () => {
  it("shows whether the account's users may allow other companies' applications and saves a change at once", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'PUT' ? jsonResponse(200, { data: JSON.parse(String(init.body)) }) : jsonResponse(200, { data: { other_company_clients: false } }),
    );
    renderWithSession(<AccountOAuthPolicy accountId={accountId} />, sessionWith([]));
    const toggle = (await screen.findByRole('switch', { name: OAuthMessages.otherCompanyPolicyLabel })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchSpy.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe(path);
    expect(JSON.parse(String(init!.body))).toEqual({ other_company_clients: true });
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});
