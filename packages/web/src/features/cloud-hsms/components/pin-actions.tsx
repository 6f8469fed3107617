import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { CloudHsmMessages, type CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useRotateUserPin, useShowPins } from '../api/cloud-hsm-management.api';
import { OneTimeSecretModal, type OneTimeSecret } from './one-time-secret-modal';

type Hsm = Pick<CloudHsmDetail, 'id' | 'name' | 'pins_shown' | 'status'>;

/**
 * Show PINs (once) and Rotate user PIN. A PIN lives only in this component's state while its dialog is open: the
 * mutations are reset as soon as they answer, so no cache holds it afterwards.
 */
export function PinActions({ hsm }: { hsm: Hsm }) {
  const showPins = useShowPins(hsm.id);
  const rotate = useRotateUserPin(hsm.id);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const enabled = hsm.status === 'Enabled';

  const reveal = async () => {
    const pins = await showPins.mutateAsync().catch(() => null);
    showPins.reset();
    if (!pins) return;
    setSecret({
      title: `PINs of ${hsm.name}`,
      intro: 'The user PIN logs your applications in to the token; the security officer (SO) PIN administers it (it resets the user PIN).',
      values: [
        { label: 'User PIN', value: pins.user_pin },
        { label: 'SO PIN', value: pins.so_pin },
      ],
    });
  };

  const rotateUserPin = async () => {
    const question = `Rotate the user PIN of ${hsm.name}? The current user PIN stops working at once: every application using it needs the new one.`;
    const answer = await confirmAction(question, () => rotate.mutateAsync(), 'Rotate user PIN');
    rotate.reset();
    if (!answer) return;
    showToast({ color: 'success', message: `User PIN of ${hsm.name} rotated.` });
    setSecret({ title: `New user PIN of ${hsm.name}`, intro: 'Give this PIN to the applications that log in to the token.', values: [{ label: 'User PIN', value: answer.user_pin }] });
  };

  return (
    <>
      <Group gap="sm" wrap="wrap" align="center">
        {hsm.pins_shown ? (
          <Text size="sm" c="dimmed" maw={360} data-testid="pins-shown">
            {CloudHsmMessages.pinsShown}.
          </Text>
        ) : (
          <Can permission={Permission.servicesManage} mode="disable">
            <Button onClick={() => void reveal()} loading={showPins.isPending} disabled={!enabled}>
              Show PINs
            </Button>
          </Can>
        )}
        <Can permission={Permission.servicesManage} mode="disable">
          <Button variant="default" onClick={() => void rotateUserPin()} loading={rotate.isPending} disabled={!enabled}>
            Rotate user PIN
          </Button>
        </Can>
      </Group>
      <OneTimeSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
