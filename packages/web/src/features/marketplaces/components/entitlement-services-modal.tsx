import { Stack } from '@mantine/core';
import { MarketplaceMessages, entitlementServicesBody, type EntitlementServicesBody, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { useSetEntitlementServices } from '../api/marketplaces.api';
import { AccountServicesField } from './account-services-field';

function ServicesForm({ entitlement, onSubmit, pending, actions }: FormModalSlot<EntitlementServicesBody> & { entitlement: MarketplaceEntitlement }) {
  const form = useContractForm({ schema: entitlementServicesBody, defaultValues: { service_ids: entitlement.services.map((s) => s.id) }, onSubmit });
  return (
    <ContractForm form={form} aria-label={`Services paid by the entitlement of ${entitlement.account.name}`}>
      <Stack gap="md">
        <FormAlert />
        <AccountServicesField accountId={entitlement.account.id} />
        <FormFooter actions={actions} submitLabel="Save services" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

/** Changes which of the account's services an approved entitlement pays for. */
export function EntitlementServicesModal({ entitlement, onClose }: { entitlement: MarketplaceEntitlement | null; onClose: () => void }) {
  const save = useSetEntitlementServices();
  return (
    <FormModal
      opened={entitlement !== null}
      onClose={onClose}
      title={`Services paid by the entitlement of ${entitlement?.account.name ?? ''}`}
      mutations={[save]}
      onSubmit={async (body: EntitlementServicesBody) => {
        const saved = await save.mutateAsync({ accountId: entitlement!.account.id, body });
        return MarketplaceMessages.servicesSaved(saved.account.name);
      }}
    >
      {(slot) => (entitlement ? <ServicesForm entitlement={entitlement} {...slot} /> : null)}
    </FormModal>
  );
}
