import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Account } from '@keydeck/contract/accounts';
import { userFields } from '@keydeck/contract/users';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useInviteAdministrator, type AdministratorInvitation } from '../api/accounts.api';

const invitationForm = userFields.pick({ username: true, name: true, email: true });
/** The users endpoint names fields by position: users.0.username. */
const BATCH_PREFIX = /^users\.\d+\./;

interface InviteAdministratorModalProps {
  /** The account to invite an administrator to; null keeps the modal closed. */
  account: Pick<Account, 'id' | 'name'> | null;
  onClose: () => void;
}

/** Invites an account's administrator by e-mail (the users' invitation); "Later" leaves the account without one. */
export function InviteAdministratorModal({ account, onClose }: InviteAdministratorModalProps) {
  return account ? <InvitationModal account={account} onClose={onClose} /> : null;
}

function InvitationModal({ account, onClose }: { account: Pick<Account, 'id' | 'name'>; onClose: () => void }) {
  const invite = useInviteAdministrator(account.id);
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Invite an administrator of ${account.name}`}
      mutations={[invite]}
      cancelLabel="Later"
      onSubmit={async (fields: AdministratorInvitation) => `Invitation sent to ${(await invite.mutateAsync(fields)).email}.`}
    >
      {(slot) => <InvitationForm accountName={account.name} {...slot} />}
    </FormModal>
  );
}

function InvitationForm({ accountName, onSubmit, pending, actions }: FormModalSlot<AdministratorInvitation> & { accountName: string }) {
  const form = useContractForm({ schema: invitationForm, defaultValues: { username: '', name: '', email: '' }, batchPrefix: BATCH_PREFIX, onSubmit });
  return (
    <ContractForm form={form} aria-label="Invite an administrator">
      <Stack gap="md">
        <Text size="sm">
          {accountName} has no administrator yet, so nobody can sign in to manage it. The person invited gets an e-mail with a link to
          choose their password, and the Account Administrator role.
        </Text>
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name="name" label="Name" withAsterisk data-autofocus />
          <TextField name="username" label="Username" withAsterisk />
        </SimpleGrid>
        <TextField name="email" label="Email" type="email" withAsterisk />
        <FormFooter actions={actions} submitLabel="Send invitation" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
