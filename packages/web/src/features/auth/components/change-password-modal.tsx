import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, passwordChangeRequest } from '@keydeck/contract/passwords';
import { UiDefaults } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { useChangeOwnPassword } from '../api/passwords.api';
import { checkNewPassword } from './new-password-schema';

const FIELDS = ['username', 'old_password', 'new_password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];

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
  return (
    <Modal opened={opened} onClose={onClose} title="Change password" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <ChangePasswordForm onDone={onClose} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', old_password: '', new_password: '', confirm: '' });
  const change = useChangeOwnPassword();
  const { formRef, errors, message, clear, submit } = useFormRefusals({
    fields: FIELDS,
    onSubmit: async (parsed: ChangeValues) => {
      await change.mutateAsync({ username: parsed.username, old_password: parsed.old_password, new_password: parsed.new_password });
      showToast({ color: 'success', message: 'Password changed. Your other sessions have been signed out.' });
      onDone();
    },
  });
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });
  return (
    <form ref={formRef} noValidate aria-label="Change password" onSubmit={(event) => submit(event, () => changeSchema.safeParse(values))}>
      <Stack gap="md">
        <FormAlert message={message} />
        <TextInput label="Username" autoComplete="username" data-autofocus description="Your own username, to confirm" {...field('username')} />
        <PasswordInput label="Current password" autoComplete="current-password" {...field('old_password')} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username`}
          {...field('new_password')}
        />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" {...field('confirm')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
