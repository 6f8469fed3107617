import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { CloudHsmMessages, type CloudHsmSummary } from '@keydeck/contract/cloud-hsms';
import { showToast } from '../../../lib/toasts';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-fields';
import { UiDefaults } from '../../../lib/ui-defaults';
import { useDeprovisionCloudHsm } from '../api/cloud-hsms.api';

type Target = Pick<CloudHsmSummary, 'id' | 'name' | 'cluster'>;

/** Deprovisioning zeroizes the token: it goes ahead only once the HSM's name is typed exactly. */
export function DeprovisionModal({ hsm, onClose, onDone }: { hsm: Target | null; onClose: () => void; onDone?: () => void }) {
  return (
    <Modal opened={hsm !== null} onClose={onClose} title={hsm ? `Deprovision ${hsm.name}` : ''} size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Rebuilt on every opening: nothing typed survives a cancel. */}
      {hsm?.cluster ? <InCluster cluster={hsm.cluster.name} onClose={onClose} /> : hsm ? <ConfirmForm hsm={hsm} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

/** A cluster member keeps the others' keys in step: it leaves its cluster before it can go. */
function InCluster({ cluster, onClose }: { cluster: string; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="warning" variant="light" title="Still in a cluster">
        {CloudHsmMessages.inCluster(cluster)}. Its keys stay on the other members.
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

function ConfirmForm({ hsm, onClose, onDone }: { hsm: Target; onClose: () => void; onDone?: () => void }) {
  const deprovision = useDeprovisionCloudHsm();
  const form = useContractForm({
    schema: z.object({ confirm_name: z.string().refine((value) => value === hsm.name, CloudHsmMessages.confirmName) }),
    defaultValues: { confirm_name: '' },
    statuses: [400, 409],
    onSubmit: async ({ confirm_name }) => {
      await deprovision.mutateAsync({ hsm, confirmName: confirm_name });
      showToast({ color: 'success', message: `${hsm.name} is being deprovisioned.` });
      onClose();
      onDone?.();
    },
  });
  const matches = form.watch('confirm_name') === hsm.name;

  return (
    <ContractForm form={form} aria-label={`Deprovision ${hsm.name}`}>
      <Stack gap="md">
        <Alert color="error" variant="light" title="This cannot be undone">
          The token is zeroized: every key and object on it is destroyed. Its address, ports and license seat are released. Take a backup
          first if you may need its keys again.
        </Alert>
        <FormAlert />
        <TextField
          name="confirm_name"
          label={
            <>
              Type <Code>{hsm.name}</Code> to confirm
            </>
          }
          data-autofocus
          autoComplete="off"
          spellCheck={false}
        />
        <Text size="sm" c="dimmed">
          The HSM stays listed as Deprovisioned for your records.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="error" disabled={!matches} loading={deprovision.isPending}>
            Deprovision
          </Button>
        </Group>
      </Stack>
    </ContractForm>
  );
}
