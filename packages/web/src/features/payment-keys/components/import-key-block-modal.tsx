import { SimpleGrid, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { kcvHex, symmetricKeyCreate } from '@keydeck/contract/payment-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { keyGroupChoice } from '../../../lib/key-attributes';
import { KeyGroupField } from '../../../lib/ui/key-attribute-fields';
import { keyChoice, keyFormErrors, RowRefused } from '../api/key-forms';
import { useCreateSymmetricKey } from '../api/symmetric-keys.api';
import { KbpkField } from './key-pickers';
import { isPendingApproval, pendingText } from '../../../lib/approvals';

const blockShape = symmetricKeyCreate.options[2].shape;
const fields = z.object({
  name: blockShape.name,
  group: keyGroupChoice,
  key_block: blockShape.key_block,
  kbpk: keyChoice('Choose the key block protection key'),
  kcv: z.union([z.literal(''), kcvHex]),
});
type Fields = z.output<typeof fields>;

interface ImportKeyBlockModalProps {
  serviceId: string;
  opened: boolean;
  group: string | undefined;
  onClose: () => void;
}

/** A key received as a TR-31 key block, unwrapped under a KBPK (usage K1) of the service; its attributes come from the block's header. */
export function ImportKeyBlockModal({ serviceId, opened, group, onClose }: ImportKeyBlockModalProps) {
  const create = useCreateSymmetricKey(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Import a TR-31 key block"
      mutations={[create]}
      onSubmit={async ({ kcv, ...block }: Fields) => {
        const result = await create.mutateAsync({ source: 'key_block', ...block, ...(kcv ? { kcv } : {}) });
        if (isPendingApproval(result)) return pendingText(result);
        if (!result.success) throw new RowRefused(result.message);
        return result.message;
      }}
    >
      {(slot) => <ImportKeyBlockForm serviceId={serviceId} group={group} {...slot} />}
    </FormModal>
  );
}

function ImportKeyBlockForm({ serviceId, group, onSubmit, pending, actions }: { serviceId: string; group: string | undefined } & FormModalSlot<Fields>) {
  const defaultValues = { name: '', group: group ?? '', key_block: '', kbpk: '', kcv: '' };
  const form = useContractForm({ schema: fields, defaultValues, onSubmit, errorView: keyFormErrors(Object.keys(defaultValues)) });
  return (
    <ContractForm form={form} aria-label="Import a TR-31 key block">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The key&apos;s algorithm, usage, mode of use, exportability and version are read from the block&apos;s header; the block&apos;s MAC proves it
          was made under the chosen KBPK.
        </Text>
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" />
          <KeyGroupField serviceId={serviceId} name="group" label="Key group" withAsterisk />
        </SimpleGrid>
        <TextareaField
          name="key_block"
          label="Key block"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <KbpkField serviceId={serviceId} use="unwrap" name="kbpk" label="Key block protection key (K1)" placeholder="Search K1 keys" withAsterisk />
          <TextField
            name="kcv"
            label="Expected KCV (optional)"
            description="From the sender: the key is refused if it differs"
            autoComplete="off"
            maxLength={8}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </SimpleGrid>
        <FormFooter submitLabel="Import key" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
