import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { KEY_SLOT_MAX, keyLoadBody } from '@keydeck/contract/payment-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { UiDefaults } from '../../../lib/ui-defaults';
import { useLoadKey } from '../api/key-assignments.api';
import { keyChoice } from '../api/key-forms';
import { DIALOG_REFUSALS } from '../api/symmetric-keys.api';
import { KeyBlockResult } from '../../../lib/ui/key-block-result';
import { RETRIEVAL_SHORT } from './key-cells';
import { KbpkField } from './key-pickers';

const fields = z.object({ serial: keyLoadBody.shape.serial, key_slot: keyLoadBody.shape.key_slot, kbpk: keyChoice('Choose the key block protection key') });

/**
 * What one device loads into one slot, wrapped under a KBPK the device holds: the slot's key (static group) or the
 * device's DUKPT initial key with its KSN. Mounted only while open: the key block goes with the dialog.
 */
export function LoadKeyModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Load a key to a device" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <LoadBody serviceId={serviceId} onClose={onClose} /> : null}
    </Modal>
  );
}

function LoadBody({ serviceId, onClose }: { serviceId: string; onClose: () => void }) {
  const load = useLoadKey(serviceId);
  const form = useContractForm({
    schema: fields,
    defaultValues: { serial: '', key_slot: undefined as number | undefined, kbpk: '' },
    onSubmit: (body) => load.mutateAsync(body),
    statuses: DIALOG_REFUSALS,
  });
  const answer = load.data;
  if (answer && load.variables) {
    const { serial, key_slot } = load.variables;
    return (
      <KeyBlockResult
        keyBlock={answer.key_block}
        fileName={`${serial}-slot-${key_slot}.tr31.txt`}
        facts={[
          { label: answer.ksn ? 'Initial key KCV' : 'Key KCV', value: answer.kcv, testId: 'load-kcv' },
          { label: answer.key_retrieval_algorithm === 'dukpt_aes' ? 'Initial key ID' : 'KSN', value: answer.ksn ?? 'None (static key)', testId: 'load-ksn' },
          { label: 'Key retrieval', value: RETRIEVAL_SHORT[answer.key_retrieval_algorithm] },
        ]}
        onClose={onClose}
      />
    );
  }
  return (
    <ContractForm form={form} aria-label="Load a key to a device">
      <Stack gap="md">
        <Text size="sm">
          The key block is made for one device and one slot of its group, wrapped under a key block protection key the device already holds.
        </Text>
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="serial" label="Device serial" withAsterisk data-autofocus autoComplete="off" />
          <NumberField name="key_slot" label="Key slot" description={`0 to ${KEY_SLOT_MAX}`} min={0} max={KEY_SLOT_MAX} withAsterisk />
        </SimpleGrid>
        <KbpkField serviceId={serviceId} use="wrap" name="kbpk" label="Key block protection key (K1)" placeholder="Search K1 keys" withAsterisk />
        <FormFooter
          submitLabel="Make key block"
          pending={load.isPending}
          onCancel={onClose}
        />
      </Stack>
    </ContractForm>
  );
}
