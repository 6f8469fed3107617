import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import type { SymmetricKey } from '@keydeck/contract/payment-keys';
import { isPendingApproval, pendingText } from '../../../lib/approvals';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { UiDefaults } from '../../../lib/ui-defaults';
import { keyChoice } from '../api/key-forms';
import { DIALOG_REFUSALS, useExportSymmetricKey } from '../api/symmetric-keys.api';
import { KeyBlockResult } from '../../../lib/ui/key-block-result';
import { KbpkField } from './key-pickers';

const fields = z.object({ kbpk: keyChoice('Choose the key block protection key') });

interface ExportKeyModalProps {
  serviceId: string;
  /** The key to export; null while closed. */
  exported: SymmetricKey | null;
  onClose: () => void;
}

/**
 * Exports a key as a TR-31 key block under a KBPK (usage K1) of the service. The answer lives in the export
 * mutation of the dialog's body, which is mounted only while the dialog is open: closing drops the block.
 */
export function ExportKeyModal({ serviceId, exported, onClose }: ExportKeyModalProps) {
  return (
    <Modal opened={exported !== null} onClose={onClose} title={exported ? `Export ${exported.name} as a TR-31 key block` : ''} size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {exported ? <ExportBody serviceId={serviceId} exported={exported} onClose={onClose} /> : null}
    </Modal>
  );
}

function ExportBody({ serviceId, exported, onClose }: { serviceId: string; exported: SymmetricKey; onClose: () => void }) {
  const exporter = useExportSymmetricKey(serviceId);
  const form = useContractForm({
    schema: fields,
    defaultValues: { kbpk: '' },
    onSubmit: ({ kbpk }) => exporter.mutateAsync({ key: exported.name, kbpk }),
    statuses: DIALOG_REFUSALS,
  });
  const answer = exporter.data;
  if (answer && isPendingApproval(answer)) {
    return (
      <Stack gap="md">
        <Alert color="info" variant="light" title="Waiting for approval" data-testid="approval-pending">
          {pendingText(answer)}
        </Alert>
        <Group justify="flex-end">
          <Button component={Link} to="/home/approvals/mine" variant="default">
            Open My requests
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  if (answer) {
    return (
      <KeyBlockResult
        keyBlock={answer.key_block}
        fileName={`${exported.name}.tr31.txt`}
        facts={[
          { label: 'Key KCV', value: answer.kcv, testId: 'export-kcv' },
          { label: 'KBPK KCV', value: answer.kbpk_kcv },
          { label: 'Format', value: answer.format },
        ]}
        onClose={onClose}
      />
    );
  }
  return (
    <ContractForm form={form} aria-label="Export as TR-31">
      <Stack gap="md">
        <Text size="sm">
          {exported.name} (KCV {exported.kcv}) is wrapped under the key block protection key chosen here. The receiver unwraps it with the same
          KBPK.
        </Text>
        <FormAlert />
        <KbpkField serviceId={serviceId} use="wrap" protects={exported} name="kbpk" label="Key block protection key (K1)" placeholder="Search K1 keys" withAsterisk data-autofocus />
        <FormFooter
          submitLabel="Export"
          pending={exporter.isPending}
          onCancel={onClose}
        />
      </Stack>
    </ContractForm>
  );
}
