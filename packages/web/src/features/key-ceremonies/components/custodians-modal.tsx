import { Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { keyCeremonyPolicy, type KeyCustodiansResponse } from '@keydeck/contract/key-ceremonies';
import { formErrorView } from '../../../lib/form-errors';
import { CheckboxField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSetKeyCustodians } from '../api/key-ceremonies.api';
import { POLICY_LABELS, savedCustodians } from '../api/ceremony-texts';

/** One checkbox a candidate (by user id), and the policy; sent as the contract's list of ids. */
const custodiansForm = z
  .object({ picked: z.record(z.string(), z.boolean()), policy: keyCeremonyPolicy })
  .transform(({ picked, policy }) => ({ user_ids: Object.keys(picked).filter((id) => picked[id]), policy }));
type CustodiansUpdate = z.output<typeof custodiansForm>;

interface CustodiansModalProps {
  serviceId: string;
  custodians: KeyCustodiansResponse | null;
  onClose: () => void;
}

/** Designating the service's key custodians among its users holding Key, and its ceremony policy. */
export function CustodiansModal({ serviceId, custodians, onClose }: CustodiansModalProps) {
  const save = useSetKeyCustodians(serviceId);
  return (
    <FormModal
      opened={custodians !== null}
      onClose={onClose}
      title="Key custodians"
      mutations={[save]}
      onSubmit={async (update: CustodiansUpdate) => {
        await save.mutateAsync(update);
        return savedCustodians;
      }}
    >
      {(slot) => (custodians ? <CustodiansForm custodians={custodians} {...slot} /> : null)}
    </FormModal>
  );
}

function CustodiansForm({ custodians, onSubmit, pending, actions }: { custodians: KeyCustodiansResponse } & FormModalSlot<CustodiansUpdate>) {
  const designated = new Set(custodians.custodians.map((c) => c.user_id));
  const form = useContractForm({
    schema: custodiansForm,
    defaultValues: { picked: Object.fromEntries(custodians.candidates.map((c) => [c.user_id, designated.has(c.user_id)])), policy: custodians.policy },
    onSubmit,
    errorView: (error) => {
      const view = formErrorView(error, ['user_ids']);
      // The ids refused are named in the server's words; they belong to no one checkbox.
      return view && { fields: {}, message: [view.message, ...Object.values(view.fields)].filter(Boolean).join('\n') };
    },
  });
  return (
    <ContractForm form={form} aria-label="Key custodians">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Custodians each hold one component of a key and enter it in their own session. Only users of this service whose group holds
          the Key category can be designated.
        </Text>
        <FormAlert />
        <Stack gap="xs" role="group" aria-label="Custodians">
          {custodians.candidates.length === 0 ? (
            <Text size="sm">No user of this service holds the Key category.</Text>
          ) : (
            custodians.candidates.map((candidate) => <CheckboxField key={candidate.user_id} name={`picked.${candidate.user_id}`} label={candidate.username} />)
          )}
        </Stack>
        <SwitchField name="policy.opener_may_be_custodian" label={POLICY_LABELS.openerMayBeCustodian} />
        <SwitchField
          name="policy.single_operator_entry"
          label={POLICY_LABELS.singleOperatorEntry}
          description="Lets one user import a key from all its components on one screen, in the Symmetric Keys section."
        />
        <FormFooter submitLabel="Save" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
