import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { TRANSFER_TEST_TIMEOUT_MS, type HostKey, type TransferServer, type TransferTestResult } from '@keydeck/contract/transfer';
import { endpointOf } from '../api/host-keys.api';
import { Fingerprint } from './transfer-cells';

interface TestResultModalProps {
  /** The server tested; null while closed. */
  server: TransferServer | null;
  /** The outcome, once the test ran. */
  result: TransferTestResult | null;
  pending: boolean;
  /** The service's host keys, to find the one a test recorded. */
  hostKeys: HostKey[] | undefined;
  /** Opens the confirmation of a pending key. */
  onReview: (key: HostKey) => void;
  onClose: () => void;
}

/** The pending key the test recorded, as the host-key list holds it (with the trusted key it would replace). */
export function recordedKey(result: TransferTestResult | null, hostKeys: HostKey[] | undefined): HostKey | undefined {
  const seen = result?.host_key;
  if (!seen || seen.status !== 'pending') return undefined;
  return hostKeys?.find((key) => key.status === 'pending' && key.host === seen.host && key.port === seen.port && key.fingerprint === seen.fingerprint);
}

/**
 * A connection test's outcome in the server's words. A host key awaiting confirmation is offered for comparison; a
 * changed one is a warning naming both fingerprints.
 */
export function TestResultModal({ server, result, pending, hostKeys, onReview, onClose }: TestResultModalProps) {
  const key = recordedKey(result, hostKeys);
  const awaiting = result?.host_key?.status === 'pending';
  const changed = Boolean(key?.replaces);
  const outcome = !result
    ? null
    : result.success
      ? { color: 'success', title: 'The connection works' }
      : changed
        ? { color: 'error', title: 'The host key has changed' }
        : awaiting
          ? { color: 'warning', title: 'The host key is not trusted yet' }
          : { color: 'error', title: 'The connection failed' };

  return (
    <Modal opened={server !== null} onClose={onClose} title={server ? `Connection test: ${server.name}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {server ? (
        <Stack gap="md" data-testid="transfer-test">
          {pending ? (
            <Group gap="sm" wrap="nowrap" role="status">
              <Loader size="sm" />
              <Text size="sm">
                Connecting to {endpointOf(server)} as {server.username}… This takes at most {TRANSFER_TEST_TIMEOUT_MS / 1000} seconds.
              </Text>
            </Group>
          ) : null}
          {!pending && !result ? (
            <Text size="sm" c="dimmed">
              The test did not run.
            </Text>
          ) : null}
          {result && outcome ? (
            <Alert color={outcome.color} variant="light" title={outcome.title} role="status">
              <Text size="sm">{result.message}</Text>
            </Alert>
          ) : null}
          {result?.host_key ? (
            <Paper withBorder p="sm" radius="md">
              <Stack gap={6}>
                {changed ? (
                  <div>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                      Trusted key
                    </Text>
                    <Fingerprint value={key!.replaces!} size="sm" />
                  </div>
                ) : null}
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {changed ? 'Key presented now' : 'Host key'}
                  </Text>
                  <Fingerprint value={result.host_key.fingerprint} size="sm" strong={awaiting} />
                  <Text size="xs" c="dimmed" ff="monospace">
                    {result.host_key.key_type}
                  </Text>
                </div>
              </Stack>
            </Paper>
          ) : null}
          {result && !pending ? (
            <Text size="xs" c="dimmed">
              Took {result.elapsed_ms < 1000 ? `${result.elapsed_ms} ms` : `${(result.elapsed_ms / 1000).toFixed(1)} s`}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant={awaiting ? 'default' : 'filled'} onClick={onClose} data-autofocus={!awaiting || undefined}>
              Close
            </Button>
            {awaiting ? (
              <Button color={changed ? 'error' : undefined} loading={!key} onClick={() => key && onReview(key)}>
                {changed ? 'Review the new key…' : 'Compare and trust…'}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
