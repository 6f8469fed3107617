import { z } from 'zod';
import { Alert, Stack, Text } from '@mantine/core';
import { BACKUP_PASSPHRASE_MIN_LENGTH, cloudHsmBackupBody, cloudHsmRestoreBody, type CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import { confirm } from '../../../lib/dialogs';
import { saveFile } from '../../../lib/save-file';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { PasswordField } from '../../../lib/ui/text-fields';
import { formatDateTime } from '../../../lib/datetime';
import { useBackUpCloudHsm, useCheckCloudHsmBackup, useRestoreCloudHsm } from '../api/cloud-hsm-management.api';
import { base64ToBytes } from './backup-file';
import { Base64FileField } from '../../../lib/ui/base64-file-field';

type Hsm = Pick<CloudHsmDetail, 'id' | 'name'>;

/** The passphrase typed twice: a typo would make the backup unreadable for good. */
const backupForm = cloudHsmBackupBody
  .extend({ repeat: z.string() })
  .refine((values) => values.passphrase === values.repeat, { path: ['repeat'], message: 'The passphrases do not match' });
type BackupValues = z.output<typeof backupForm>;

/** Backs the token up, encrypted under a passphrase, and downloads the file. */
export function BackupModal({ hsm, opened, onClose }: { hsm: Hsm; opened: boolean; onClose: () => void }) {
  const backup = useBackUpCloudHsm(hsm.id);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Back up ${hsm.name}`}
      mutations={[backup]}
      onSubmit={async ({ passphrase }: BackupValues) => {
        const file = await backup.mutateAsync(passphrase);
        saveFile(file.file_name, base64ToBytes(file.content), 'application/octet-stream');
        return `Backup of ${hsm.name} downloaded as ${file.file_name}.`;
      }}
    >
      {(slot) => <BackupForm {...slot} />}
    </FormModal>
  );
}

function BackupForm({ onSubmit, pending, actions }: FormModalSlot<BackupValues>) {
  const form = useContractForm({ schema: backupForm, defaultValues: { passphrase: '', repeat: '' }, statuses: [400, 409], onSubmit });
  return (
    <ContractForm form={form} aria-label="Back up">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The backup holds every object on the token, encrypted under this passphrase. Keydeck does not keep the passphrase: without it
          the file cannot be restored.
        </Text>
        <FormAlert />
        <PasswordField name="passphrase" label="Passphrase" description={`At least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters.`} withAsterisk data-autofocus autoComplete="new-password" />
        <PasswordField name="repeat" label="Passphrase again" withAsterisk autoComplete="new-password" />
        <FormFooter actions={actions} submitLabel="Back up and download" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

type RestoreValues = z.output<typeof cloudHsmRestoreBody>;

/**
 * Restores the token from a backup of this HSM. The server checks the file and passphrase first (a refusal stays on
 * the form); only a backup that would restore is put to the user to confirm: its current objects are replaced.
 */
export function RestoreModal({ hsm, opened, onClose }: { hsm: Hsm; opened: boolean; onClose: () => void }) {
  const check = useCheckCloudHsmBackup(hsm.id);
  const restore = useRestoreCloudHsm(hsm.id);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Restore ${hsm.name}`}
      mutations={[check, restore]}
      onSubmit={async (values: RestoreValues) => {
        await restore.mutateAsync(values);
        return `${hsm.name} restored from the backup.`;
      }}
    >
      {(slot) => <RestoreForm hsm={hsm} check={(values) => check.mutateAsync(values)} {...slot} />}
    </FormModal>
  );
}

type RestoreFormProps = FormModalSlot<RestoreValues> & { hsm: Hsm; check: (values: RestoreValues) => Promise<{ created_at: string }> };

function RestoreForm({ hsm, check, onSubmit, pending, actions }: RestoreFormProps) {
  const form = useContractForm({
    schema: cloudHsmRestoreBody,
    defaultValues: { content: '', passphrase: '' },
    statuses: [400, 409],
    onSubmit: async (values) => {
      const { created_at } = await check(values);
      const question = `Restore ${hsm.name} from its backup of ${formatDateTime(created_at)}? The objects now on the token are replaced by the backup's.`;
      if (await confirm(question, 'Restore from backup')) await onSubmit(values);
    },
  });
  return (
    <ContractForm form={form} aria-label="Restore">
      <Stack gap="md">
        <Alert color="warning" variant="light">
          Restoring replaces every object on the token with those in the backup. Keys made since the backup are lost.
        </Alert>
        <FormAlert />
        <Base64FileField name="content" label="Backup file" placeholder="Choose a backup file" withAsterisk clearable />
        <PasswordField name="passphrase" label="Passphrase" description="The one given when the backup was made." withAsterisk autoComplete="off" />
        <FormFooter actions={actions} submitLabel="Restore" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
