import { useState } from 'react';
import { Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { OAuthMessages, type OAuthClientWithSecret } from '@keydeck/contract/oauth';
import { showToast } from '../../../lib/toasts';
import { useListSearch } from '../../../lib/ui/list-search';
import { SecretOnceModal, type ShownSecret } from '../../../lib/ui/secret-once-modal';
import { discoveryUrl, OAuthClientDetails } from '../components/oauth-client-details';
import { OAuthClientModal } from '../components/oauth-client-modal';
import { OAuthClientsTable } from '../components/oauth-clients-table';

const route = getRouteApi('/shell/v2/home/accounts/$account_id/credentials/oauthclients/{-$oauth_client_id}');

/**
 * An account's OAuth clients (spec §2 .../credentials/oauthclients/{oauth_client_id?}): the list without an id, one
 * client with it. A secret answered by create or rotate is shown once, over whichever of the two is open.
 */
export function OAuthClientsPage() {
  const { account_id, oauth_client_id } = route.useParams();
  const list = useListSearch(route);
  const navigate = route.useNavigate();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const open = (id: string | undefined) => void navigate({ params: { account_id, oauth_client_id: id }, search: (prev) => prev });
  const show = (title: string, { client, client_secret }: OAuthClientWithSecret['data']) => {
    if (client_secret === null) {
      showToast({ color: 'success', message: `OAuth client ${client.name} created.` });
      return;
    }
    setSecret({
      title,
      clientId: client.id,
      clientSecret: client_secret,
      warning: OAuthMessages.secretOnce,
      notes: (
        <Text size="sm" c="dimmed">
          Configure your application with them; it finds the authorization and token endpoints at {discoveryUrl()}.
        </Text>
      ),
    });
  };

  return (
    <>
      {oauth_client_id ? (
        <OAuthClientDetails
          accountId={account_id}
          clientId={oauth_client_id}
          onDeleted={() => open(undefined)}
          onRotated={(rotated) => show(`New secret for ${rotated.client.name}`, rotated)}
        />
      ) : (
        <OAuthClientsTable accountId={account_id} list={list} onOpen={(client) => open(client.id)} onNew={() => setCreating(true)} />
      )}
      <OAuthClientModal
        accountId={account_id}
        target={creating ? 'new' : null}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          show(`OAuth client ${created.client.name} created`, created);
          open(created.client.id);
        }}
      />
      <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
