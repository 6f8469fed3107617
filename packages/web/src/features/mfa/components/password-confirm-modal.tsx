import { Button, Group, Stack, Text } from '@mantine/core';
import { passwordConfirmRequest, type PasswordConfirmRequest } from '@keydeck/contract/mfa';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { UiDefaults } from '../../../lib/ui-defaults';
import { PasswordField } from '../../../lib/ui/text-fields';

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
export function PasswordConfirmModal({ opened, title, onClose, onConfirm, ...props }: PasswordConfirmModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      size={UiDefaults.confirmWidth}
      // The caller toasts what the confirmed change did.
      onSubmit={async ({ password }: PasswordConfirmRequest) => {
        await onConfirm(password);
        return undefined;
      }}
    >
      {({ onSubmit, actions }) => <PasswordForm onSubmit={onSubmit} actions={actions} {...props} />}
    </FormModal>
  );
}

type PasswordFormProps = Pick<PasswordConfirmModalProps, 'description' | 'confirmLabel' | 'color' | 'pending'> &
  Omit<FormModalSlot<PasswordConfirmRequest>, 'pending'>;

function PasswordForm({ description, confirmLabel, color, pending, onSubmit, actions }: PasswordFormProps) {
  const form = useContractForm({ schema: passwordConfirmRequest, defaultValues: { password: '' }, onSubmit });
  return (
    <ContractForm form={form}>
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        <FormAlert />
        <PasswordField name="password" label="Your password" autoComplete="current-password" data-autofocus />
        <Group justify="flex-end">
          {actions}
          <Button type="submit" color={color} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </ContractForm>
  );
}
