import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import type { PortRange } from '@keydeck/contract/port-ranges';
import { showToast } from '../../../lib/toasts';
import { rangeText, useUpdatePortRange } from '../api/port-ranges.api';
import { AccountSelect, type AccountChoice } from './account-select';

/** Assigns one free range to an account picked by name. */
export function AssignRangeModal({ range, onClose }: { range: PortRange | null; onClose: () => void }) {
  const update = useUpdatePortRange();
  const [account, setAccount] = useState<AccountChoice | null>(null);
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setAccount(null);
    setError(undefined);
    onClose();
  };
  const assign = async () => {
    if (!range) return;
    if (!account) {
      setError('Choose an account');
      return;
    }
    const saved = await update.mutateAsync({ id: range.id, account_id: account.id }).catch(() => null);
    if (!saved) return;
    showToast({ color: 'success', message: `Port range ${rangeText(saved)} assigned to ${saved.account_name ?? account.name}.` });
    close();
  };

  return (
    <Modal
      opened={range !== null}
      onClose={close}
      title={range ? `Assign port range ${rangeText(range)}` : ''}
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <AccountSelect label="Account" value={account} error={error} onChange={(choice) => {
            setAccount(choice);
            setError(undefined);
          }} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={update.isPending} onClick={() => void assign()}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
