import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/PasswordInput.css';
import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { passwordConfirmRequest, type PasswordConfirmRequest } from '@keydeck/contract/mfa';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useFormRefusals } from '../../../lib/use-form-refusals';

const FIELDS = ['password'] as const;

interface PasswordConfirmModalProps {
  opened: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  onClose: () => void;
  /** Rejects with the server's refusal (a wrong password lands on the field). */
  onConfirm: (password: string) => Promise<unknown>;
}

/** Changes that weaken or re-issue a factor ask for the password again. */
export function PasswordConfirmModal({ opened, onClose, ...props }: PasswordConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={props.title} size={UiDefaults.confirmWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <PasswordForm onClose={onClose} {...props} /> : null}
    </Modal>
  );
}

function PasswordForm({ description, confirmLabel, color, pending, onClose, onConfirm }: Omit<PasswordConfirmModalProps, 'opened' | 'title'>) {
  const [password, setPassword] = useState('');
  const { formRef, errors, message, clear, submit } = useFormRefusals<(typeof FIELDS)[number], PasswordConfirmRequest>({ fields: FIELDS, onSubmit: ({ password: value }) => onConfirm(value) });
  return (
    <form ref={formRef} noValidate onSubmit={(event) => submit(event, () => passwordConfirmRequest.safeParse({ password }))}>
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        <FormAlert message={message} />
        <PasswordInput
          label="Your password"
          name="password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            clear('password');
          }}
          error={errors.password}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
