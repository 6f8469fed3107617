import { Stack } from '@mantine/core';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordChangeRequest } from '@keydeck/contract/passwords';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { PasswordField, TextField } from '../../../lib/ui/text-fields';
import { useChangeOwnPassword } from '../api/passwords.api';
import { checkNewPassword } from '../../../lib/new-password';

const changeSchema = z
  .object({
    username: passwordChangeRequest.shape.username,
    old_password: passwordChangeRequest.shape.old_password,
    new_password: z.string(),
    confirm: z.string(),
  })
  .superRefine((v, ctx) => checkNewPassword(ctx, { field: 'new_password', password: v.new_password, confirm: v.confirm, username: v.username }));
type ChangeValues = z.output<typeof changeSchema>;

/** Spec §7 PUT service/user: the signed-in user changes their own password; their other sessions end. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useChangeOwnPassword();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Change password"
      mutations={[change]}
      onSubmit={async ({ username, old_password, new_password }: ChangeValues) => {
        await change.mutateAsync({ username, old_password, new_password });
        return 'Password changed. Your other sessions have been signed out.';
      }}
    >
      {(form) => <ChangePasswordForm {...form} />}
    </FormModal>
  );
}

function ChangePasswordForm({ onSubmit, pending, actions }: FormModalSlot<ChangeValues>) {
  const form = useContractForm({ schema: changeSchema, defaultValues: { username: '', old_password: '', new_password: '', confirm: '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Change password">
      <Stack gap="md">
        <FormAlert />
        <TextField name="username" label="Username" autoComplete="username" data-autofocus description="Your own username, to confirm" />
        <PasswordField name="old_password" label="Current password" autoComplete="current-password" />
        <PasswordField
          name="new_password"
          label="New password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username`}
        />
        <PasswordField name="confirm" label="Repeat the new password" autoComplete="new-password" />
        <FormFooter submitLabel="Change password" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
