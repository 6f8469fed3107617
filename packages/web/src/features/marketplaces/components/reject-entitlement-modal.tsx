import { Stack } from '@mantine/core';
import { MarketplaceMessages, entitlementRejectBody, type EntitlementRejectBody, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { useRejectEntitlement } from '../api/marketplaces.api';

function RejectForm({ entitlement, onSubmit, pending, actions }: FormModalSlot<EntitlementRejectBody> & { entitlement: MarketplaceEntitlement }) {
  const form = useContractForm({ schema: entitlementRejectBody, defaultValues: { reason: '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label={`Reject the entitlement of ${entitlement.account.name}`}>
      <Stack gap="md">
        <FormAlert />
        <TextareaField name="reason" label="Reason" description="Kept with the decision and in the audit log." required autosize minRows={3} maxLength={500} data-autofocus />
        <FormFooter actions={actions} submitLabel="Reject" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/** Rejects a pending entitlement; a reason is required. */
export function RejectEntitlementModal({ entitlement, onClose }: { entitlement: MarketplaceEntitlement | null; onClose: () => void }) {
  const reject = useRejectEntitlement();
  return (
    <FormModal
      opened={entitlement !== null}
      onClose={onClose}
      title={`Reject the entitlement of ${entitlement?.account.name ?? ''}`}
      mutations={[reject]}
      onSubmit={async (body: EntitlementRejectBody) => {
        const rejected = await reject.mutateAsync({ accountId: entitlement!.account.id, body });
        return MarketplaceMessages.rejected(rejected.account.name);
      }}
    >
      {(slot) => (entitlement ? <RejectForm entitlement={entitlement} {...slot} /> : null)}
    </FormModal>
  );
}
