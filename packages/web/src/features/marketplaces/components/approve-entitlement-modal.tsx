import { Stack, Text } from '@mantine/core';
import { MarketplaceMessages, entitlementApproveBody, type EntitlementApproveBody, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useApproveEntitlement } from '../api/marketplaces.api';
import { AccountServicesField } from './account-services-field';

function ApproveForm({ entitlement, onSubmit, pending, actions }: FormModalSlot<EntitlementApproveBody> & { entitlement: MarketplaceEntitlement }) {
  const form = useContractForm({ schema: entitlementApproveBody, defaultValues: { plan: '', service_ids: [] }, onSubmit });
  return (
    <ContractForm form={form} aria-label={`Approve the entitlement of ${entitlement.account.name}`}>
      <Stack gap="md">
        <FormAlert />
        <Text size="sm">
          {entitlement.provider_label} sign-up, token {entitlement.token_fingerprint}. Check it against the marketplace&apos;s records before approving.
        </Text>
        <TextField name="plan" label="Plan" description="The plan the buyer purchased in the marketplace." required data-autofocus />
        <AccountServicesField accountId={entitlement.account.id} />
        <FormFooter actions={actions} submitLabel="Approve" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/** Approves a pending entitlement on a plan, with the account's services it pays for. */
export function ApproveEntitlementModal({ entitlement, onClose }: { entitlement: MarketplaceEntitlement | null; onClose: () => void }) {
  const approve = useApproveEntitlement();
  return (
    <FormModal
      opened={entitlement !== null}
      onClose={onClose}
      title={`Approve the entitlement of ${entitlement?.account.name ?? ''}`}
      mutations={[approve]}
      onSubmit={async (body: EntitlementApproveBody) => {
        const approved = await approve.mutateAsync({ accountId: entitlement!.account.id, body });
        return MarketplaceMessages.approved(approved.account.name);
      }}
    >
      {(slot) => (entitlement ? <ApproveForm entitlement={entitlement} {...slot} /> : null)}
    </FormModal>
  );
}
