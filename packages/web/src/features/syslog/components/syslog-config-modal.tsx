import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal } from '@mantine/core';
import { UiDefaults } from '@keydeck/contract/messages';
import type { SyslogConfig } from '@keydeck/contract/syslog';
import { showToast } from '../../../lib/toasts';
import { useSaveSyslogConfig } from '../api/syslog.api';
import { SyslogConfigForm } from './syslog-config-form';

interface SyslogConfigModalProps {
  accountId: string;
  opened: boolean;
  /** The configuration being changed; undefined while adding one. */
  config: SyslogConfig | undefined;
  onClose: () => void;
}

/** Add or change a syslog server in a 640 px modal (spec §9); the form is rebuilt on every opening. */
export function SyslogConfigModal({ accountId, opened, config, onClose }: SyslogConfigModalProps) {
  const save = useSaveSyslogConfig(accountId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={config ? `Edit ${config.name}` : 'New syslog server'}
      size={UiDefaults.modalWidth}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? (
        <SyslogConfigForm
          config={config}
          submitLabel={config ? 'Save changes' : 'Add server'}
          pending={save.isPending}
          onSubmit={async (fields) => {
            const saved = await save.mutateAsync({ id: config?.id, fields });
            showToast({ color: 'success', message: `Syslog server ${saved.name} ${config ? 'saved' : 'added'}.` });
            save.reset();
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
