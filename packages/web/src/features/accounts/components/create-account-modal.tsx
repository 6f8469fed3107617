import { useState } from 'react';
import type { Account, AccountFields } from '@keydeck/contract/accounts';
import { FormModal } from '../../../lib/ui/form-modal';
import { useCreateAccount } from '../api/accounts.api';
import { AccountForm } from './account-form';
import { InviteAdministratorModal } from './invite-administrator-modal';

interface CreateAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * "New account" in a 640 px modal (spec §9); the form is rebuilt empty on every opening. A new account has no
 * administrator: once it is created, the prompt to invite its first one follows.
 */
export function CreateAccountModal({ opened, onClose }: CreateAccountModalProps) {
  const create = useCreateAccount();
  const [created, setCreated] = useState<Account | null>(null);
  return (
    <>
      <FormModal
        opened={opened}
        onClose={onClose}
        title="New account"
        mutations={[create]}
        onSubmit={async (fields: AccountFields) => {
          const account = await create.mutateAsync(fields);
          setCreated(account);
          return `Account ${account.name} created.`;
        }}
      >
        {(form) => <AccountForm submitLabel="Create account" {...form} />}
      </FormModal>
      <InviteAdministratorModal account={created} onClose={() => setCreated(null)} />
    </>
  );
}
