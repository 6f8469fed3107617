import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { IPAM_PREFIX_BOUNDS } from '@keydeck/contract/ip-addresses';
import { ipamPoolFields, type IpamPoolFields, type IpamZone } from '@keydeck/contract/ipam';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { FORM_STATUSES } from '../api/infrastructure-keys';
import { useAddIpamPool } from '../api/ipam.api';

const { ipv4, ipv6 } = IPAM_PREFIX_BOUNDS;
const CIDR_HINT = `The network address and prefix: IPv4 from /${ipv4.min} to /${ipv4.max}, IPv6 from /${ipv6.min} to /${ipv6.max}. Pools never overlap.`;

/** Adds a CIDR pool to a zone; a CIDR the contract refuses, or one overlapping a pool, is shown on the field. */
export function IpamPoolModal({ zone, onClose }: { zone: IpamZone | null; onClose: () => void }) {
  const add = useAddIpamPool();
  return (
    <FormModal
      opened={zone !== null}
      onClose={onClose}
      title={zone ? `Add a pool to ${zone.name}` : ''}
      mutations={[add]}
      onSubmit={async ({ cidr }: IpamPoolFields) => {
        const pool = await add.mutateAsync({ zoneId: zone!.id, cidr });
        return `Pool ${pool.cidr} added to ${zone!.name}.`;
      }}
    >
      {(form) => <IpamPoolForm {...form} />}
    </FormModal>
  );
}

interface IpamPoolFormProps {
  onSubmit: (fields: IpamPoolFields) => Promise<unknown>;
  pending: boolean;
  actions?: ReactNode;
}

export function IpamPoolForm({ onSubmit, pending, actions }: IpamPoolFormProps) {
  const form = useContractForm({ schema: ipamPoolFields, defaultValues: { cidr: '' }, statuses: FORM_STATUSES, onSubmit });
  return (
    <ContractForm form={form} aria-label="New pool">
      <Stack gap="md">
        <FormAlert />
        <TextField name="cidr" label="CIDR" withAsterisk data-autofocus description={CIDR_HINT} placeholder="10.20.0.0/24" styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
        <FormFooter actions={actions} submitLabel="Add pool" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
