import { SimpleGrid, Stack } from '@mantine/core';
import { COMMISSION_PERCENT_MAX, PartnerMessages, partnerBody, type Partner, type PartnerBody } from '@keydeck/contract/partners';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { useSavePartner } from '../api/partners.api';

/** The partner being edited, or `{}` for a new one; null when the form is closed. */
export type PartnerFormTarget = { partner?: Partner } | null;

function PartnerForm({ partner, onSubmit, pending, actions }: FormModalSlot<PartnerBody> & { partner?: Partner }) {
  const form = useContractForm({
    schema: partnerBody,
    defaultValues: partner
      ? { name: partner.name, contact_email: partner.contact_email, commission_percent: partner.commission_percent }
      : { name: '', contact_email: '', commission_percent: undefined },
    onSubmit,
    statuses: [400, 409],
  });
  return (
    <ContractForm form={form} aria-label={partner ? `Edit ${partner.name}` : 'New partner'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" required data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField name="contact_email" label="Contact email" type="email" required />
          <NumberField
            name="commission_percent"
            label="Commission (%)"
            description={`0 to ${COMMISSION_PERCENT_MAX}, two decimals at most`}
            min={0}
            max={COMMISSION_PERCENT_MAX}
            decimalScale={2}
            required
          />
        </SimpleGrid>
        <FormFooter actions={actions} submitLabel={partner ? 'Save' : 'Create partner'} pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/** One form creates and edits a partner; its status changes with Suspend and Reactivate. */
export function PartnerFormModal({ target, onClose }: { target: PartnerFormTarget; onClose: () => void }) {
  const save = useSavePartner();
  const partner = target?.partner;
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={partner ? `Edit ${partner.name}` : 'New partner'}
      mutations={[save]}
      onSubmit={async (body: PartnerBody) => {
        const saved = await save.mutateAsync({ id: partner?.id, body });
        return partner ? PartnerMessages.saved(saved.name) : PartnerMessages.created(saved.name);
      }}
    >
      {(slot) => <PartnerForm partner={partner} {...slot} />}
    </FormModal>
  );
}
