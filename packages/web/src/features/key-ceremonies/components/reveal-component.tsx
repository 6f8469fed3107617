import '@mantine/core/styles/Code.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { KeyCeremonyMessages, type KeyComponentExport, type RevealedComponent } from '@keydeck/contract/key-ceremonies';
import { formErrorView } from '../../../lib/form-errors';
import { CopyValueButton } from '../../../lib/ui/copy-value-button';
import { useRevealComponent } from '../api/component-exports.api';
import { inGroupsOfFour } from '../api/ceremony-texts';

/** The caller's component of an export (the one not refused as another custodian's), if any. */
const yours = (exp: KeyComponentExport) => exp.components.find((component) => component.you.why_not !== KeyCeremonyMessages.notYourComponent);

/** Why the caller has nothing to reveal: their component's reason, or that the export holds none for them. */
const whyNot = (exp: KeyComponentExport) => yours(exp)?.you.why_not ?? (exp.state === 'open' ? KeyCeremonyMessages.noComponentForYou : null);

/**
 * The caller's own component: revealed once by the server, shown here once. The value lives in this component's
 * state only (the mutation's answer is dropped at once): it is gone when the dialog closes and this unmounts.
 */
export function RevealComponent({ serviceId, exp }: { serviceId: string; exp: KeyComponentExport }) {
  const [revealed, setRevealed] = useState<RevealedComponent | null>(null);
  const reveal = useRevealComponent(serviceId);
  const valueRef = useRef<HTMLElement>(null);
  // The button pressed is gone: the keyboard's focus goes to the value it revealed.
  useEffect(() => {
    if (revealed) valueRef.current?.focus();
  }, [revealed]);
  const refusal = reveal.error ? formErrorView(reveal.error, [], undefined, [404, 409])?.message : null;

  const show = async () => {
    const answer = await reveal.mutateAsync(exp.id).catch(() => null);
    if (!answer) return;
    reveal.reset();
    setRevealed(answer);
  };

  if (revealed) {
    return (
      <Alert color="warning" variant="light" title="Write it down now: it will not be shown again." role="group" aria-label="Your component">
        <Stack gap="xs">
          <Text size="sm">Your component {revealed.position} of {exp.components.length}:</Text>
          <Code ref={valueRef} tabIndex={-1} block fz="lg" data-testid="revealed-component" style={{ letterSpacing: '0.05em' }}>
            {inGroupsOfFour(revealed.value)}
          </Code>
          <Text size="sm">
            KCV{' '}
            <Text component="span" ff="monospace" fw={700} data-testid="revealed-kcv">
              {revealed.kcv}
            </Text>
          </Text>
          <Group>
            <CopyValueButton value={revealed.value} label="Copy" size="xs" />
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (yours(exp)?.you.may_reveal) {
    return (
      <Stack gap="sm">
        <Text size="sm">Your component is shown once, to you alone, then destroyed. Nobody else should see your screen.</Text>
        {refusal ? (
          <Alert color="error" variant="light" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={() => void show()} loading={reveal.isPending}>
            Reveal my component
          </Button>
        </Group>
      </Stack>
    );
  }
  const why = whyNot(exp);
  return why ? (
    <Alert color="gray" variant="light" data-testid="why-not">
      {why}
    </Alert>
  ) : null;
}
