import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorEffect } from './error-toast';
import { UiDefaults } from './ui-defaults';
import { overlaysReady } from './overlay-host';

let sequence = 0;

/** Spec §2: an alert with an OK button, 300 px wide; resolves when it is closed. */
export async function alert(message: string, title: string = UiDefaults.alertTitle): Promise<void> {
  sequence += 1;
  const modalId = `alert-${sequence}`;
  await overlaysReady();
  return new Promise((resolve) => {
    modals.open({
      modalId,
      title,
      size: UiDefaults.alertWidth,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => resolve(),
      children: (
        <>
          <Text size="sm">{message}</Text>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => modals.close(modalId)} data-autofocus>
              OK
            </Button>
          </Group>
        </>
      ),
    });
  });
}

/** Spec §2: a Yes/No question, 400 px wide; resolves true for Yes and false for No or dismissal. */
export async function confirm(
  message: string = UiDefaults.confirmMessage,
  title: string = UiDefaults.confirmTitle,
): Promise<boolean> {
  await overlaysReady();
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      size: UiDefaults.confirmWidth,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}

/**
 * A confirm whose Yes runs the action: the dialog stays open while it runs and closes once it is done. A refusal
 * stays in the dialog, in the refusal's words alone (the question says what was tried), until the user closes it;
 * the action's mutation declares meta refusalsShownInline so that no toast repeats it. Resolves the action's
 * result, or null for No, dismissal or a refusal.
 */
export async function confirmAction<T>(message: string, run: () => Promise<T>, title: string = UiDefaults.confirmTitle): Promise<T | null> {
  sequence += 1;
  const modalId = `confirm-${sequence}`;
  await overlaysReady();
  return new Promise((resolve) => {
    let finished = false;
    const finish = (result: T | null) => {
      if (finished) return;
      finished = true;
      resolve(result);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title,
      size: UiDefaults.confirmWidth,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => finish(null),
      // Keyed: the modals manager shows one dialog at a time in one place, and a dialog that follows another (a
      // second question) must not inherit the first one's pending state.
      children: <ConfirmActionBody key={modalId} message={message} run={run} finish={finish} />,
    });
  });
}

function ConfirmActionBody<T>({ message, run, finish }: { message: string; run: () => Promise<T>; finish: (result: T | null) => void }) {
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const yes = async () => {
    setPending(true);
    try {
      finish(await run());
    } catch (error) {
      const effect = errorEffect(error);
      // A lost session is the app's to handle (it leaves the screen); anything else is this action's refusal.
      if (effect.kind !== 'toast') return finish(null);
      setRefusal(effect.toast.message);
      setPending(false);
    }
  };
  return (
    <>
      <Text size="sm">{message}</Text>
      {refusal ? (
        <Alert color="error" variant="light" mt="md" style={{ whiteSpace: 'pre-line' }}>
          {refusal}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        {refusal ? (
          <Button onClick={() => finish(null)} data-autofocus>
            OK
          </Button>
        ) : (
          <>
            <Button variant="default" disabled={pending} onClick={() => finish(null)}>
              No
            </Button>
            <Button loading={pending} onClick={() => void yes()}>
              Yes
            </Button>
          </>
        )}
      </Group>
    </>
  );
}
