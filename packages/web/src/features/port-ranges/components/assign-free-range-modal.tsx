import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UiDefaults } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { freePortRangesQueryOptions, rangeText, useUpdatePortRange } from '../api/port-ranges.api';

interface AssignFreeRangeModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
}

/** Picks one of the free ranges and assigns it to the account. */
export function AssignFreeRangeModal({ accountId, opened, onClose }: AssignFreeRangeModalProps) {
  const freeRanges = useQuery({ ...freePortRangesQueryOptions(), enabled: opened });
  const update = useUpdatePortRange();
  const [rangeId, setRangeId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const options = (freeRanges.data ?? []).map((range) => ({
    value: range.id,
    label: range.description ? `${rangeText(range)} · ${range.description}` : rangeText(range),
  }));

  const close = () => {
    setRangeId(null);
    setError(undefined);
    onClose();
  };
  const assign = async () => {
    if (!rangeId) {
      setError('Choose a free range');
      return;
    }
    const saved = await update.mutateAsync({ id: rangeId, account_id: accountId }).catch(() => null);
    if (!saved) return;
    showToast({ color: 'success', message: `Port range ${rangeText(saved)} assigned to ${saved.account_name ?? 'the account'}.` });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Assign a free range" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {freeRanges.isSuccess && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            There is no free port range. Create one under Administration › Port ranges first.
          </Text>
        ) : (
          <Select
            label="Free range"
            placeholder={freeRanges.isPending ? 'Loading…' : 'Choose a range'}
            data={options}
            value={rangeId}
            searchable
            error={error}
            onChange={(value) => {
              setRangeId(value);
              setError(undefined);
            }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={update.isPending} disabled={options.length === 0} onClick={() => void assign()}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
