import type { Account, AccountFields } from '@keydeck/contract/accounts';
import { FormModal } from '../../../lib/ui/form-modal';
import { useCreateAccount } from '../api/accounts.api';
import { AccountForm } from './account-form';

interface CreateAccountModalProps {
  opened: boolean;
  onClose: () => void;
  /** A new account has no administrator: the caller prompts to invite its first one. */
  onCreated: (account: Account) => void;
}

/** "New account" in a 640 px modal (spec §9); the form is rebuilt empty on every opening. */
export function CreateAccountModal({ opened, onClose, onCreated }: CreateAccountModalProps) {
  const create = useCreateAccount();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="New account"
      mutations={[create]}
      onSubmit={async (fields: AccountFields) => {
        const account = await create.mutateAsync(fields);
        onCreated(account);
        return `Account ${account.name} created.`;
      }}
    >
      {(form) => <AccountForm submitLabel="Create account" {...form} />}
    </FormModal>
  );
}
