import '@mantine/core/styles/Skeleton.css';
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OAuthClient, OAuthClientCreate, OAuthClientWithSecret } from '@keydeck/contract/oauth';
import { FormModal } from '../../../lib/ui/form-modal';
import { oauthClientOwnersQueryOptions, useCreateOAuthClient, useUpdateOAuthClient } from '../api/oauth-clients.api';
import { OAuthClientForm } from './oauth-client-form';
import { isPendingApproval, pendingText } from '../../../lib/approvals';

/** 'new' creates a client; a client is changed. */
export type OAuthClientTarget = OAuthClient | 'new' | null;

interface OAuthClientModalProps {
  accountId: string;
  target: OAuthClientTarget;
  onClose: () => void;
  /** A new client's id and secret, to be shown once. */
  onCreated: (created: OAuthClientWithSecret['data']) => void;
}

/** A new OAuth client or a change to one, in a 640 px modal (spec §9). */
export function OAuthClientModal({ accountId, target, onClose, onCreated }: OAuthClientModalProps) {
  const owners = useQuery({ ...oauthClientOwnersQueryOptions(accountId), enabled: target !== null });
  const create = useCreateOAuthClient(accountId);
  const update = useUpdateOAuthClient(accountId);
  const client = target === 'new' ? undefined : (target ?? undefined);

  const save = async ({ type, owner_user_id, ...fields }: OAuthClientCreate) => {
    if (client) return `OAuth client ${(await update.mutateAsync({ id: client.id, fields })).name} saved.`;
    const created = await create.mutateAsync({ type, owner_user_id, ...fields });
    if (isPendingApproval(created)) return pendingText(created);
    onCreated(created);
    return undefined;
  };

  return (
    <FormModal opened={target !== null} onClose={onClose} title={client ? `Edit ${client.name}` : 'New OAuth client'} mutations={[create, update]} onSubmit={save}>
      {(slot) =>
        // The form starts from the owners' permissions: it waits for them (a sole owner is then chosen for the user).
        owners.data || client ? (
          <OAuthClientForm client={client} owners={owners.data ?? []} {...slot} />
        ) : owners.isPending ? (
          <Skeleton height={320} aria-label="Loading the owners" />
        ) : null
      }
    </FormModal>
  );
}
