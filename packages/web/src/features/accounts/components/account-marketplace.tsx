import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MarketplaceName } from '@keydeck/contract/registration';
import { accountMarketplaceQueryOptions } from '../api/accounts.api';

/** The marketplace an account signed up through, for platform administrators; nothing for a direct sign-up. */
export function AccountMarketplace({ accountId }: { accountId: string }) {
  const { data } = useQuery(accountMarketplaceQueryOptions(accountId));
  if (!data) return null;
  return (
    <Text size="sm" mb="md" data-testid="account-marketplace">
      Marketplace: {MarketplaceName[data.provider]} (token …{data.token_last4})
    </Text>
  );
}
