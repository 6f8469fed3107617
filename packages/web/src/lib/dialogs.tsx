import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
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
