import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { GLOBAL_SERVER_ROLE_LABELS, GLOBAL_SERVER_ROLES, GLOBAL_SERVER_STATUS_LABELS, GLOBAL_SERVER_STATUSES, globalServerFields, type GlobalServer, type GlobalServerFields } from '@keydeck/contract/datacenters';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useSaveGlobalServer } from '../api/datacenters.api';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { DatacenterField } from './reference-fields';

const ROLE_OPTIONS = GLOBAL_SERVER_ROLES.map((value) => ({ value, label: GLOBAL_SERVER_ROLE_LABELS[value] }));
const STATUS_OPTIONS = GLOBAL_SERVER_STATUSES.map((value) => ({ value, label: GLOBAL_SERVER_STATUS_LABELS[value] }));

interface GlobalServerModalProps {
  /** The server being changed, 'new' (with the datacenter to preselect) while creating one, null when closed. */
  editing: GlobalServer | { new: true; datacenterId?: string } | null;
  onClose: () => void;
}

/** Create or edit a server of a datacenter. */
export function GlobalServerModal({ editing, onClose }: GlobalServerModalProps) {
  const save = useSaveGlobalServer();
  const server = editing && !('new' in editing) ? editing : undefined;
  const datacenterId = editing && 'new' in editing ? editing.datacenterId : undefined;
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={server ? `Edit server ${server.hostname}` : 'New server'}
      mutations={[save]}
      onSubmit={async (fields: GlobalServerFields) => {
        const saved = await save.mutateAsync({ id: server?.id, fields });
        return `Server ${saved.hostname} ${server ? 'saved' : 'created'}.`;
      }}
    >
      {(form) => <GlobalServerForm server={server} datacenterId={datacenterId} submitLabel={server ? 'Save changes' : 'Create server'} {...form} />}
    </FormModal>
  );
}

interface GlobalServerFormProps {
  server?: GlobalServer;
  datacenterId?: string;
  onSubmit: (fields: GlobalServerFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

export function GlobalServerForm({ server, datacenterId, onSubmit, pending, submitLabel, actions }: GlobalServerFormProps) {
  const form = useContractForm({
    schema: globalServerFields,
    defaultValues: {
      datacenter_id: server?.datacenter_id ?? datacenterId ?? '',
      hostname: server?.hostname ?? '',
      address: server?.address ?? '',
      role: server?.role ?? 'provisioner',
      status: server?.status ?? 'active',
    },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={server ? `Server ${server.hostname}` : 'New server'}>
      <Stack gap="md">
        <FormAlert />
        <DatacenterField name="datacenter_id" label="Datacenter" />
        <TextField name="hostname" label="Hostname" withAsterisk data-autofocus placeholder="hsm-01.fra1.example.net" />
        <TextField name="address" label="Address" withAsterisk description="Its IPv4 or IPv6 address" placeholder="10.20.0.11" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <SelectField name="role" label="Role" withAsterisk data={ROLE_OPTIONS} allowDeselect={false} />
          <SelectField name="status" label="Status" withAsterisk data={STATUS_OPTIONS} allowDeselect={false} />
        </SimpleGrid>
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
