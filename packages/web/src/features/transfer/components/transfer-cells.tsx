import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { HostKey, HostKeyState, TransferServer } from '@keydeck/contract/transfer';

/** A fingerprint people compare character by character: fixed-width, and broken anywhere rather than cut. */
export function Fingerprint({ value, size = 'xs', strong = false }: { value: string; size?: 'xs' | 'sm' | 'md' | 'lg'; strong?: boolean }) {
  return (
    <Text component="span" ff="monospace" size={size} fw={strong ? 600 : undefined} style={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
      {value}
    </Text>
  );
}

const STATE_BADGES: Record<HostKeyState, { color: string; label: string }> = {
  unknown: { color: 'secondary', label: 'Not seen yet' },
  pending: { color: 'warning', label: 'Unconfirmed' },
  trusted: { color: 'success', label: 'Trusted' },
  changed: { color: 'error', label: 'Key changed' },
};

export function HostKeyStateBadge({ state }: { state: HostKeyState }) {
  const { color, label } = STATE_BADGES[state];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** A server's host key: its state and the fingerprint to confirm (or the trusted one); FTP servers have none. */
export function ServerHostKeyCell({ server }: { server: TransferServer }) {
  if (server.host_key === null) {
    return (
      <Text size="xs" c="dimmed">
        {server.protocol === 'ftps' ? 'TLS certificate (no SSH host key)' : 'None (FTP)'}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <HostKeyStateBadge state={server.host_key.state} />
      {server.host_key.fingerprint ? (
        <Fingerprint value={server.host_key.fingerprint} />
      ) : (
        <Text size="xs" c="dimmed">
          Recorded at the first connection test
        </Text>
      )}
    </Stack>
  );
}

/** A pinned key's status: trusted, awaiting its first confirmation, or a new key that would replace a trusted one. */
export function HostKeyStatusBadge({ hostKey }: { hostKey: HostKey }) {
  return <HostKeyStateBadge state={hostKey.status === 'trusted' ? 'trusted' : hostKey.replaces ? 'changed' : 'pending'} />;
}

/** Where the administrator of an OpenSSH server reads the fingerprint of the key of this type. */
export function hostKeyFile(keyType: string): string {
  const kind = keyType.includes('ed25519') ? 'ed25519' : keyType.startsWith('ecdsa') ? 'ecdsa' : keyType.includes('rsa') ? 'rsa' : null;
  return kind ? `/etc/ssh/ssh_host_${kind}_key.pub` : '/etc/ssh/ssh_host_*_key.pub';
}
