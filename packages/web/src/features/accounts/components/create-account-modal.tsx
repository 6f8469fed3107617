import type { AccountFields } from '@keydeck/contract/accounts';
import { FormModal } from '../../../lib/ui/form-modal';
import { useCreateAccount } from '../api/accounts.api';
import { AccountForm } from './account-form';

interface CreateAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/** "New account" in a 640 px modal (spec §9); the form is rebuilt empty on every opening. */
export function CreateAccountModal({ opened, onClose }: CreateAccountModalProps) {
  const create = useCreateAccount();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="New account"
      mutations={[create]}
      onSubmit={async (fields: AccountFields) => `Account ${(await create.mutateAsync(fields)).name} created.`}
    >
      {(form) => <AccountForm submitLabel="Create account" {...form} />}
    </FormModal>
  );
}
