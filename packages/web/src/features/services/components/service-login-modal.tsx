import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { UiDefaults } from '../../../lib/ui-defaults';
import type { Service } from '@keydeck/contract/services';
import { useServiceLogin } from '../api/service-session.mutations';

interface ServiceLoginModalProps {
  /** The service to log in to; null keeps the modal closed. */
  service: Service | null;
  onClose: () => void;
}

/** The service login (the dashboard's action=login): opens a service session for the signed-in user. */
export function ServiceLoginModal({ service, onClose }: ServiceLoginModalProps) {
  return (
    <Modal
      opened={service !== null}
      onClose={onClose}
      title="Log in to service"
      size={UiDefaults.confirmWidth}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {service ? <ServiceLoginBody key={service.id} service={service} onClose={onClose} /> : null}
    </Modal>
  );
}

function ServiceLoginBody({ service, onClose }: { service: Service; onClose: () => void }) {
  const login = useServiceLogin(service.id, service.name);
  return (
    <Stack gap="md">
      <Text size="sm">
        Open a session on <strong>{service.name}</strong> ({service.type_name}) to work with its data. The session ends
        after a while without activity.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button data-autofocus loading={login.isPending} onClick={() => login.mutate(undefined, { onSuccess: onClose })}>
          Log in
        </Button>
      </Group>
    </Stack>
  );
}
