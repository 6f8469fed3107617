import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SymmetricKey } from '@keydeck/contract/payment-keys';
import { confirm } from '../../../lib/dialogs';
import { formErrorView } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toasts';
import { KEY_BATCH_PREFIX } from '../api/key-forms';
import { useCreateSymmetricKey } from '../api/symmetric-keys.api';
import { CeremonyAttributesForm, type CeremonyAttributes } from './ceremony-attributes-form';
import { CeremonyReview } from './ceremony-review';
import { ComponentEntryForm, type ConfirmedComponent } from './component-entry-form';
import { Kcv } from './key-cells';
import { isPendingApproval, pendingText } from '../../../lib/approvals';

type Step =
  | { kind: 'attributes' }
  | { kind: 'component'; index: number }
  | { kind: 'review' }
  | { kind: 'refused'; message: string }
  | { kind: 'done'; key: SymmetricKey; message: string };

interface ComponentCeremonyModalProps {
  serviceId: string;
  opened: boolean;
  group: string | undefined;
  onClose: () => void;
}

/** The key component ceremony; everything it holds goes when it closes (it is mounted only while open). */
export function ComponentCeremonyModal({ opened, ...props }: ComponentCeremonyModalProps) {
  return opened ? <Ceremony {...props} /> : null;
}

/**
 * Importing a key from 2 or 3 components, each entered by its own custodian: key attributes, then one component
 * after the other (checked against its KCV, confirmed, cleared from the screen), then the key is created and its
 * combined KCV shown. Confirmed components are kept in this component's memory only (a ref, never rendered or put
 * in any cache) until the one create call, and dropped right after it or when the ceremony is cancelled.
 */
function Ceremony({ serviceId, group, onClose }: Omit<ComponentCeremonyModalProps, 'opened'>) {
  const create = useCreateSymmetricKey(serviceId);
  const held = useRef<ConfirmedComponent[]>([]);
  const [kcvs, setKcvs] = useState<string[]>([]);
  const [attributes, setAttributes] = useState<CeremonyAttributes | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'attributes' });
  const total = Number(attributes?.components ?? 2);

  const discard = () => {
    held.current = [];
    setKcvs([]);
  };
  const requestClose = async () => {
    const midway = held.current.length > 0 && step.kind !== 'done';
    if (midway && !(await confirm(`Stop the ceremony? The ${held.current.length} confirmed component(s) are discarded and must all be entered again.`))) return;
    discard();
    onClose();
  };

  const chosen = (next: CeremonyAttributes) => {
    // Components confirmed for another algorithm or count are not this key's: the ceremony starts over.
    const keep = attributes !== null && next.algorithm === attributes.algorithm && next.components === attributes.components;
    if (!keep) discard();
    setAttributes(next);
    setStep(held.current.length === Number(next.components) ? { kind: 'review' } : { kind: 'component', index: held.current.length + 1 });
  };
  const confirmed = (component: ConfirmedComponent) => {
    held.current = [...held.current, component];
    setKcvs(held.current.map((c) => c.kcv));
    setStep(held.current.length === total ? { kind: 'review' } : { kind: 'component', index: held.current.length + 1 });
  };
  const createKey = async () => {
    if (!attributes) return;
    const { components: _count, kcv, ...key } = attributes;
    try {
      const result = await create.mutateAsync({ source: 'components', ...key, components: held.current, ...(kcv ? { kcv } : {}) });
      if (isPendingApproval(result)) return setStep({ kind: 'refused', message: pendingText(result) });
      if (!result.success || !result.key) return setStep({ kind: 'refused', message: result.message });
      discard();
      showToast({ color: 'success', message: result.message });
      setStep({ kind: 'done', key: result.key, message: result.message });
    } catch (error) {
      const view = formErrorView(error, [], KEY_BATCH_PREFIX);
      if (view?.message) setStep({ kind: 'refused', message: view.message });
    } finally {
      create.reset();
    }
  };

  const steps = ['Key attributes', ...Array.from({ length: total }, (_, i) => `Component ${i + 1}`), 'Create key'];
  const current = step.kind === 'attributes' ? 0 : step.kind === 'component' ? step.index : steps.length - 1;

  return (
    <Modal opened onClose={() => void requestClose()} title="Import a key from components" size="lg" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Alert color="warning" variant="light" role="note" data-testid="single-operator-warning">
          Single-operator entry: one person sees every component. This is not split knowledge.
        </Alert>
        <Group component="ol" gap={6} aria-label="Ceremony steps" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((label, i) => (
            <li key={label} aria-current={i === current ? 'step' : undefined}>
              <Badge variant={i === current ? 'filled' : i < current || step.kind === 'done' ? 'light' : 'outline'} color={i < current || step.kind === 'done' ? 'success' : 'primary'} tt="none">
                {i < current || step.kind === 'done' ? `✓ ${label}` : label}
              </Badge>
            </li>
          ))}
        </Group>
        {step.kind === 'attributes' ? (
          <CeremonyAttributesForm
            serviceId={serviceId}
            start={attributes}
            group={group}
            submitLabel={kcvs.length > 0 ? 'Continue' : 'Continue to component 1'}
            onChosen={chosen}
            onCancel={() => void requestClose()}
          />
        ) : null}
        {step.kind === 'component' && attributes ? (
          <ComponentEntryForm
            key={step.index}
            serviceId={serviceId}
            algorithm={attributes.algorithm}
            index={step.index}
            total={total}
            isRepeated={(value) => held.current.some((c) => c.value === value)}
            onConfirmed={confirmed}
            onCancel={() => void requestClose()}
          />
        ) : null}
        {step.kind === 'review' && attributes ? (
          <CeremonyReview attributes={attributes} kcvs={kcvs} pending={create.isPending} onCreate={() => void createKey()} onCancel={() => void requestClose()} />
        ) : null}
        {step.kind === 'refused' ? (
          <>
            <Alert color="error" variant="light" title="The key was not created" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {step.message}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void requestClose()}>
                Cancel ceremony
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  discard();
                  setStep({ kind: 'component', index: 1 });
                }}
              >
                Enter the components again
              </Button>
              <Button onClick={() => setStep({ kind: 'attributes' })}>Change the key attributes</Button>
            </Group>
          </>
        ) : null}
        {step.kind === 'done' ? (
          <>
            <Alert color="success" variant="light" title={step.message} role="status">
              The components were combined in the keystore and are no longer held by this screen.
            </Alert>
            <Stack gap={4} align="center" py="md">
              <Text size="sm" c="dimmed">
                KCV of the combined key {step.key.name}
              </Text>
              <div data-testid="combined-kcv">
                <Kcv value={step.key.kcv} size="xl" />
              </div>
              <Text size="xs" c="dimmed">
                Compare it with the KCV on the ceremony paperwork before the custodians leave.
              </Text>
            </Stack>
            <Group justify="flex-end">
              <Button onClick={onClose} data-autofocus>
                Close
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
