import { queryOptions } from '@tanstack/react-query';
import { accountSettings } from '@keydeck/contract/accounts';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';

export const companyKeys = {
  all: ['company'] as const,
  settings: () => [...companyKeys.all, 'settings'] as const,
};

export const companySettingsQueryOptions = queryOptions({
  queryKey: companyKeys.settings(),
  queryFn: ({ signal }) => apiRequest(ApiPath.userAccount, { schema: accountSettings, signal }),
  meta: { errorContext: 'Could not load the company settings' },
});
