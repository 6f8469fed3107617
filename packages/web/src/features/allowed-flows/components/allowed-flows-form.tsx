import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import { useState, type FormEvent } from 'react';
import { Paper, Stack, Switch } from '@mantine/core';
import {
  SIGN_IN_FLOW_DESCRIPTIONS,
  SIGN_IN_FLOW_LABELS,
  SIGN_IN_FLOWS,
  allowedFlowsBody,
  type AllowedFlows,
  type SignInFlow,
} from '@keydeck/contract/allowed-flows';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';

interface AllowedFlowsFormProps {
  flows: AllowedFlows;
  onSubmit: (flows: AllowedFlows) => Promise<unknown>;
  pending: boolean;
}

/** One switch per sign-in method, checked with the contract's allowedFlowsBody (at least one stays on). */
export function AllowedFlowsForm({ flows, onSubmit, pending }: AllowedFlowsFormProps) {
  const [values, setValues] = useState<AllowedFlows>(flows);
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: SIGN_IN_FLOWS, onSubmit });
  const set = (flow: SignInFlow, allowed: boolean) => {
    setValues((current) => ({ ...current, [flow]: allowed }));
    // "None allowed" is reported on the password switch: moving either one may resolve it.
    for (const field of SIGN_IN_FLOWS) clear(field);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => send(event, () => allowedFlowsBody.safeParse(values));

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Allowed sign-in methods">
      <Stack gap="md">
        <FormAlert message={message} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="lg">
            {SIGN_IN_FLOWS.map((flow) => (
              <Switch
                key={flow}
                label={SIGN_IN_FLOW_LABELS[flow]}
                description={SIGN_IN_FLOW_DESCRIPTIONS[flow]}
                checked={values[flow]}
                error={errors[flow]}
                onChange={(event) => set(flow, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Paper>
        <FormFooter submitLabel="Save changes" pending={pending} />
      </Stack>
    </form>
  );
}
