import '@mantine/core/styles/Stepper.css';
import { Stepper } from '@mantine/core';
import { CLOUD_HSM_STEP_LABELS, CLOUD_HSM_STEPS, type CloudHsmStep } from '@keydeck/contract/cloud-hsms';

/** Where provisioning is: the steps done, the one under way (a loader) and those to come. */
export function ProvisioningProgress({ step, failed = false }: { step: CloudHsmStep; failed?: boolean }) {
  const done = CLOUD_HSM_STEPS.indexOf(step);
  const steps = CLOUD_HSM_STEPS.slice(1);
  return (
    <Stepper active={done} size="xs" aria-label="Provisioning steps" color={failed ? 'error' : undefined}>
      {steps.map((name, index) => (
        <Stepper.Step key={name} label={CLOUD_HSM_STEP_LABELS[name]} loading={!failed && index === done} />
      ))}
    </Stepper>
  );
}
