import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { ipamZoneFields, type IpamZone, type IpamZoneFields } from '@keydeck/contract/ipam';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { useSaveIpamZone } from '../api/ipam.api';
import { DatacenterField } from './reference-fields';

interface IpamZoneModalProps {
  editing: IpamZone | 'new' | null;
  onClose: () => void;
}

/** Create or rename an IPAM zone, or move it to another datacenter. */
export function IpamZoneModal({ editing, onClose }: IpamZoneModalProps) {
  const save = useSaveIpamZone();
  const zone = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={zone ? `Edit IPAM zone ${zone.name}` : 'New IPAM zone'}
      mutations={[save]}
      onSubmit={async (fields: IpamZoneFields) => {
        const saved = await save.mutateAsync({ id: zone?.id, fields });
        return `IPAM zone ${saved.name} ${zone ? 'saved' : 'created'}.`;
      }}
    >
      {(form) => <IpamZoneForm zone={zone} submitLabel={zone ? 'Save changes' : 'Create zone'} {...form} />}
    </FormModal>
  );
}

interface IpamZoneFormProps {
  zone?: IpamZone;
  onSubmit: (fields: IpamZoneFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

function IpamZoneForm({ zone, onSubmit, pending, submitLabel, actions }: IpamZoneFormProps) {
  const form = useContractForm({
    schema: ipamZoneFields,
    defaultValues: { name: zone?.name ?? '', datacenter_id: zone?.datacenter_id ?? '' },
    statuses: FORM_STATUSES,
    onSubmit,
  });
  return (
    <ContractForm form={form} aria-label={zone ? `IPAM zone ${zone.name}` : 'New IPAM zone'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus placeholder="fra1-hsm" />
        <DatacenterField name="datacenter_id" label="Datacenter" description="Customers see the zone by this datacenter's location" />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
