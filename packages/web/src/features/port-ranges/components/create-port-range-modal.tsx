import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { rangeText, useCreatePortRange } from '../api/port-ranges.api';
import { PortRangeForm } from './port-range-form';

/** "New port range" in a 640 px modal (spec §9); the form is rebuilt empty on every opening. */
export function CreatePortRangeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreatePortRange();
  return (
    <Modal opened={opened} onClose={onClose} title="New port range" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? (
        <PortRangeForm
          pending={create.isPending}
          onSubmit={async (fields) => {
            const range = await create.mutateAsync(fields);
            showToast({ color: 'success', message: `Port range ${rangeText(range)} created.` });
            create.reset();
            onClose();
          }}
          actions={
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      ) : null}
    </Modal>
  );
}
