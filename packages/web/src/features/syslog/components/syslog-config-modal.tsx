import type { SyslogConfig, SyslogConfigFields } from '@keydeck/contract/syslog';
import { FormModal } from '../../../lib/ui/form-modal';
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
    <FormModal
      opened={opened}
      onClose={onClose}
      title={config ? `Edit ${config.name}` : 'New syslog server'}
      mutations={[save]}
      onSubmit={async (fields: SyslogConfigFields) => {
        const saved = await save.mutateAsync({ id: config?.id, fields });
        return `Syslog server ${saved.name} ${config ? 'saved' : 'added'}.`;
      }}
    >
      {(form) => <SyslogConfigForm config={config} submitLabel={config ? 'Save changes' : 'Add server'} {...form} />}
    </FormModal>
  );
}
