import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { datacenterFields, type Datacenter, type DatacenterFields } from '@keydeck/contract/datacenters';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useSaveDatacenter } from '../api/datacenters.api';
import { FORM_STATUSES } from '../api/infrastructure-keys';

interface DatacenterModalProps {
  /** The datacenter being changed, 'new' while creating one, null when closed. */
  editing: Datacenter | 'new' | null;
  onClose: () => void;
}

/** Create or edit a datacenter; the form is rebuilt on every opening. */
export function DatacenterModal({ editing, onClose }: DatacenterModalProps) {
  const save = useSaveDatacenter();
  const datacenter = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={datacenter ? `Edit datacenter ${datacenter.name}` : 'New datacenter'}
      mutations={[save]}
      onSubmit={async (fields: DatacenterFields) => {
        const saved = await save.mutateAsync({ id: datacenter?.id, fields });
        return `Datacenter ${saved.name} ${datacenter ? 'saved' : 'created'}.`;
      }}
    >
      {(form) => <DatacenterForm datacenter={datacenter} submitLabel={datacenter ? 'Save changes' : 'Create datacenter'} {...form} />}
    </FormModal>
  );
}

interface DatacenterFormProps {
  datacenter?: Datacenter;
  onSubmit: (fields: DatacenterFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

export function DatacenterForm({ datacenter, onSubmit, pending, submitLabel, actions }: DatacenterFormProps) {
  const form = useContractForm({
    schema: datacenterFields,
    defaultValues: { name: datacenter?.name ?? '', code: datacenter?.code ?? '', location: datacenter?.location ?? '' },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={datacenter ? `Datacenter ${datacenter.name}` : 'New datacenter'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus placeholder="Frankfurt 1" />
        <TextField name="code" label="Code" withAsterisk description="Short, as in hostnames: lowercase letters, digits and hyphens" placeholder="fra1" />
        <TextField name="location" label="Location" withAsterisk description="Where it is, as customers see it" placeholder="Frankfurt, Germany" />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
