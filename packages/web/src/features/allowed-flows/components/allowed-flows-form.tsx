import { Paper, Stack } from '@mantine/core';
import { SIGN_IN_FLOW_DESCRIPTIONS, SIGN_IN_FLOW_LABELS, SIGN_IN_FLOWS, allowedFlowsBody, type AllowedFlows } from '@keydeck/contract/allowed-flows';
import { useContractForm } from '../../../lib/use-contract-form';
import { SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

interface AllowedFlowsFormProps {
  flows: AllowedFlows;
  onSubmit: (flows: AllowedFlows) => Promise<unknown>;
  pending: boolean;
}

/** One switch per sign-in method, checked with the contract's allowedFlowsBody (at least one stays on). */
export function AllowedFlowsForm({ flows, onSubmit, pending }: AllowedFlowsFormProps) {
  const form = useContractForm({ schema: allowedFlowsBody, defaultValues: flows, onSubmit });

  return (
    <ContractForm form={form} aria-label="Allowed sign-in methods">
      <Stack gap="md">
        <FormAlert />
        <Paper withBorder radius="md" p="md">
          <Stack gap="lg">
            {SIGN_IN_FLOWS.map((flow) => (
              <SwitchField
                key={flow}
                name={flow}
                label={SIGN_IN_FLOW_LABELS[flow]}
                description={SIGN_IN_FLOW_DESCRIPTIONS[flow]}
                // "None allowed" is reported on the password switch: moving either one may resolve it.
                onChange={() => form.clearErrors()}
              />
            ))}
          </Stack>
        </Paper>
        <FormFooter submitLabel="Save changes" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
