import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { TextField } from '../../../lib/ui/text-fields';
import { UiDefaults } from '../../../lib/ui-defaults';

interface DeleteAccountDialogProps {
  opened: boolean;
  account: { name: string; account_slug: string };
  pending: boolean;
  onClose: () => void;
  onConfirm: (slug: string) => void;
}

/** The danger dialog of step 2: deletion goes ahead only once the account slug is typed exactly. */
export function DeleteAccountDialog({ opened, account, pending, onClose, onConfirm }: DeleteAccountDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${account.name}`} size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Rebuilt on every opening: nothing typed survives a cancel. */}
      {opened ? <ConfirmForm slug={account.account_slug} pending={pending} onClose={onClose} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}

function ConfirmForm({ slug, pending, onClose, onConfirm }: Omit<DeleteAccountDialogProps, 'opened' | 'account'> & { slug: string }) {
  const form = useContractForm({
    schema: z.object({ slug: z.string().trim() }),
    defaultValues: { slug: '' },
    // Enter with another slug does nothing, as the disabled button.
    onSubmit: async (values) => (values.slug === slug ? onConfirm(values.slug) : undefined),
  });
  const matches = form.watch('slug').trim() === slug;

  return (
    <ContractForm form={form} aria-label="Delete account">
      <Stack gap="md">
        <Alert color="error" variant="light" title="This cannot be undone">
          The account, its users, roles, allowlist, licenses, syslog servers and audit log are deleted for good. Its port ranges
          become free.
        </Alert>
        <TextField
          name="slug"
          label={
            <>
              Type <Code>{slug}</Code> to confirm
            </>
          }
          data-autofocus
          autoComplete="off"
          spellCheck={false}
        />
        <Text size="sm" c="dimmed">
          The deletion is recorded in the platform account's audit log.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="error" disabled={!matches} loading={pending}>
            Delete account for good
          </Button>
        </Group>
      </Stack>
    </ContractForm>
  );
}
