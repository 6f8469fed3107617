import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useEffect } from 'react';
import { Alert, Loader, Modal, Text } from '@mantine/core';
import { showToast } from '../../../lib/toasts';
import { UiDefaults } from '../../../lib/ui-defaults';
import { useCardAdded, useCreateSetupIntent } from '../api/billing.api';
import { CardEntry } from './card-entry';

interface AddCardModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Adds a card: a SetupIntent from the server, then Stripe's own card field confirms it. */
export function AddCardModal({ opened, onClose }: AddCardModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a card" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <AddCard onClose={onClose} /> : null}
    </Modal>
  );
}

function AddCard({ onClose }: { onClose: () => void }) {
  const setupIntent = useCreateSetupIntent();
  const cardAdded = useCardAdded();
  const { mutate } = setupIntent;
  // Each opening asks for a fresh SetupIntent: one is confirmed at most once.
  useEffect(() => mutate(), [mutate]);

  if (setupIntent.isError) {
    return (
      <Alert color="error" variant="light" role="alert" title="Could not start adding a card">
        {setupIntent.error.message}
      </Alert>
    );
  }
  if (!setupIntent.data) return <Loader size="sm" aria-label="Preparing the card form" />;
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        Your card details go straight to Stripe; Keydeck keeps only the brand, last four digits and expiry.
      </Text>
      <CardEntry
        clientSecret={setupIntent.data.client_secret}
        publishableKey={setupIntent.data.publishable_key}
        onCancel={onClose}
        onSaved={() => {
          void cardAdded();
          showToast({ color: 'success', message: 'Card added.' });
          onClose();
        }}
      />
    </>
  );
}
