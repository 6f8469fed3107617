import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PartnerMessages, partnerAssignBody, type PartnerAssignBody } from '@keydeck/contract/partners';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { partnersQueryOptions, useAssignPartner } from '../api/partners.api';
import { formatPercent } from './percent';

/** Active partners only: a suspended one cannot receive new accounts (the server refuses it too). */
const ACTIVE = { status: 'active', page_size: 100, order_by: 'name' } as const;

function AssignForm({ current, onSubmit, pending, actions }: FormModalSlot<PartnerAssignBody> & { current: string | null }) {
  const partners = useQuery(partnersQueryOptions(ACTIVE));
  const form = useContractForm({ schema: partnerAssignBody, defaultValues: { partner_id: current ?? '' }, onSubmit, statuses: [400, 409] });
  const options = (partners.data?.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${formatPercent(p.commission_percent)})` }));
  return (
    <ContractForm form={form} aria-label="Assign a partner">
      <Stack gap="md">
        <FormAlert />
        <SelectField name="partner_id" label="Partner" data={options} searchable required placeholder={partners.isPending ? 'Loading…' : 'Choose an active partner'} />
        <Text size="sm" c="dimmed">
          The account&apos;s paid revenue counts towards the partner&apos;s commission from now on.
        </Text>
        <FormFooter actions={actions} submitLabel="Assign" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/** Assigns the account to an active partner, replacing its current one. */
export function AssignPartnerModal({ accountId, current, opened, onClose }: { accountId: string; current: string | null; opened: boolean; onClose: () => void }) {
  const assign = useAssignPartner();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Assign a partner"
      mutations={[assign]}
      onSubmit={async (body: PartnerAssignBody) => {
        const assigned = await assign.mutateAsync({ accountId, body });
        return assigned ? PartnerMessages.assigned(assigned.partner.name) : undefined;
      }}
    >
      {(slot) => <AssignForm current={current} {...slot} />}
    </FormModal>
  );
}
