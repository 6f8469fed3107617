import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { z } from 'zod';
import type { BatchResult, SymmetricKey } from '@keydeck/contract/payment-keys';
import { isPendingApproval, pendingText } from '../../../lib/approvals';
import { useContractForm } from '../../../lib/use-contract-form';
import { CheckboxField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { useDeleteSymmetricKeys } from '../api/symmetric-keys.api';
import { Kcv } from './key-cells';

const acknowledgement = z.object({ understood: z.boolean().refine((v) => v, 'Confirm that you understand the key material is destroyed') });
type Acknowledgement = z.output<typeof acknowledgement>;

interface DeleteKeysModalProps {
  serviceId: string;
  /** The keys to delete; null while closed. */
  keys: SymmetricKey[] | null;
  onClose: () => void;
  onDeleted: (results: BatchResult[]) => void;
}

/**
 * Deleting keys destroys their material in the keystore for good, so the operator confirms it explicitly, seeing
 * each key's KCV. The server keeps any key still in a key slot or serving as a DUKPT group's BDK, and says so.
 */
export function DeleteKeysModal({ serviceId, keys, onClose, onDeleted }: DeleteKeysModalProps) {
  const remove = useDeleteSymmetricKeys(serviceId);
  const chosen = keys ?? [];
  return (
    <FormModal
      opened={keys !== null}
      onClose={onClose}
      title={chosen.length === 1 ? `Delete ${chosen[0]!.name}` : `Delete ${chosen.length} keys`}
      mutations={[remove]}
      onSubmit={async () => {
        const answer = await remove.mutateAsync(chosen.map((key) => key.name));
        if (isPendingApproval(answer)) return pendingText(answer);
        onDeleted(answer.results);
        return undefined;
      }}
    >
      {(slot) => <DeleteKeysForm keys={chosen} {...slot} />}
    </FormModal>
  );
}

function DeleteKeysForm({ keys, onSubmit, pending, actions }: { keys: SymmetricKey[] } & FormModalSlot<Acknowledgement>) {
  const form = useContractForm({ schema: acknowledgement, defaultValues: { understood: false }, onSubmit });
  const understood = form.watch('understood');
  return (
    <ContractForm form={form} aria-label="Delete keys">
      <Stack gap="md">
        <Alert color="error" variant="light" title="This cannot be undone">
          The key material is destroyed in the keystore. Anything encrypted or wrapped under these keys can no longer be decrypted here.
        </Alert>
        <List size="sm" spacing={4} aria-label="Keys to delete">
          {keys.map((key) => (
            <List.Item key={key.id}>
              {key.name} · KCV <Kcv value={key.kcv} />
            </List.Item>
          ))}
        </List>
        <CheckboxField
          name="understood"
          label={`I understand that ${keys.length === 1 ? 'this key is' : `these ${keys.length} keys are`} destroyed for good`}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          {actions}
          <Button type="submit" color="error" loading={pending} disabled={!understood}>
            {keys.length === 1 ? 'Delete key' : `Delete ${keys.length} keys`}
          </Button>
        </Group>
      </Stack>
    </ContractForm>
  );
}
