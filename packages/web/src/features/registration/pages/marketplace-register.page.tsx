import '@mantine/core/styles/Anchor.css';
import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Messages } from '@keydeck/contract/messages';
import { MarketplaceName, type MarketplaceProvider } from '@keydeck/contract/registration';
import { RegistrationCard } from '../components/registration-card';
import { SignUp } from '../components/sign-up';

const azureRoute = getRouteApi('/login-group/register/azure');
const googleRoute = getRouteApi('/login-group/google-marketplace');

/** /register/azure: Azure Marketplace sends the buyer here with ?token=. */
export function AzureRegisterPage() {
  return <MarketplaceSignUp provider="azure" token={azureRoute.useSearch().token} />;
}

/** /google-marketplace: Google Cloud Marketplace posts its token, which the server moves into ?token=. */
export function GoogleMarketplacePage() {
  return <MarketplaceSignUp provider="google" token={googleRoute.useSearch().token} />;
}

function MarketplaceSignUp({ provider, token }: { provider: MarketplaceProvider; token: string | undefined }) {
  const marketplace = `${MarketplaceName[provider]} Marketplace`;
  return (
    <RegistrationCard title="Create an account" intro={`Set up Keydeck for your ${marketplace} purchase.`}>
      {token ? (
        <Stack gap="md">
          <Alert color="info" variant="light" title={`From ${marketplace}`}>
            Your purchase is linked to the new account: the marketplace token is recorded with it when you confirm your email.
          </Alert>
          <SignUp marketplace={{ provider, token }} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="error" variant="light" role="alert" title={`No ${marketplace} token`}>
            {Messages.marketplaceTokenMissing}
          </Alert>
          <Group justify="center">
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/register" />}>
              Register without a marketplace purchase
            </Anchor>
          </Group>
        </Stack>
      )}
    </RegistrationCard>
  );
}
