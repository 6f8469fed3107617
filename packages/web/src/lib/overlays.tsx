import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { UiDefaults } from './ui-defaults';

/**
 * The dialog and toast hosts. ModalsProvider renders no children here: dialogs are opened through
 * its event API (lib/dialogs.tsx), so it can sit beside the app instead of around it.
 */
export function Overlays({ onReady }: { onReady: () => void }) {
  // Runs after the hosts' own effects, so their event listeners exist when dialogs are opened.
  useEffect(onReady, [onReady]);
  return (
    <>
      <ModalsProvider />
      {/* Spec §2: toasts at the top, full width, 2500 ms. */}
      <Notifications position="top-center" containerWidth="100%" autoClose={UiDefaults.toastTimeoutMs} limit={4} />
    </>
  );
}
