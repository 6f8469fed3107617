import { useQuery } from '@tanstack/react-query';
import type { Credential, CredentialCreate, CredentialWithSecret } from '@keydeck/contract/credentials';
import { FormModal } from '../../../lib/ui/form-modal';
import { credentialOwnersQueryOptions, useCreateCredential, useUpdateCredential } from '../api/credentials.api';
import { CredentialForm } from './credential-form';
import { isPendingApproval, pendingText } from '../../../lib/approvals';

/** 'new' creates a credential; a credential is changed. */
export type CredentialTarget = Credential | 'new' | null;

interface CredentialModalProps {
  accountId: string;
  target: CredentialTarget;
  onClose: () => void;
  /** A new credential's secret, to be shown once. */
  onCreated: (created: CredentialWithSecret['data']) => void;
}

/** A new credential or a change to one, in a 640 px modal (spec §9). */
export function CredentialModal({ accountId, target, onClose, onCreated }: CredentialModalProps) {
  const owners = useQuery({ ...credentialOwnersQueryOptions(accountId), enabled: target !== null });
  const create = useCreateCredential(accountId);
  const update = useUpdateCredential(accountId);
  const credential = target === 'new' ? undefined : (target ?? undefined);

  const save = async ({ owner_user_id, ...fields }: CredentialCreate) => {
    if (credential) return `Credential ${(await update.mutateAsync({ id: credential.id, fields })).name} saved.`;
    const created = await create.mutateAsync({ owner_user_id, ...fields });
    if (isPendingApproval(created)) return pendingText(created);
    onCreated(created);
    return undefined;
  };

  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={credential ? `Edit ${credential.name}` : 'New API credential'}
      mutations={[create, update]}
      onSubmit={save}
    >
      {(slot) => <CredentialForm credential={credential} owners={owners.data ?? []} {...slot} />}
    </FormModal>
  );
}
