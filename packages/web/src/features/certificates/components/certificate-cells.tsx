import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { CaStatus, CertAuthority, CertificateStatus, KeyPairAlgorithm } from '@keydeck/contract/certificates';

const CA_STATUS_COLORS: Record<CaStatus, string> = { active: 'success', expired: 'secondary' };
export const CA_STATUS_LABELS: Record<CaStatus, string> = { active: 'Active', expired: 'Expired' };

export function CaStatusBadge({ status }: { status: CaStatus }) {
  return (
    <Badge color={CA_STATUS_COLORS[status]} variant="light">
      {CA_STATUS_LABELS[status]}
    </Badge>
  );
}

const CERTIFICATE_STATUS_COLORS: Record<CertificateStatus, string> = { valid: 'success', revoked: 'error', expired: 'secondary' };
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = { valid: 'Valid', revoked: 'Revoked', expired: 'Expired' };

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return (
    <Badge color={CERTIFICATE_STATUS_COLORS[status]} variant="light">
      {CERTIFICATE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A serial number or fingerprint: hex people compare digit by digit, so fixed-width. */
export function Hex({ value, size = 'sm', wrap = false }: { value: string; size?: 'xs' | 'sm'; wrap?: boolean }) {
  return (
    <Text component="span" ff="monospace" size={size} style={wrap ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  );
}

export const KEY_PAIR_SHORT: Record<KeyPairAlgorithm, string> = { RSA_2048: 'RSA 2048', RSA_3072: 'RSA 3072', RSA_4096: 'RSA 4096', EC_P256: 'EC P-256', EC_P384: 'EC P-384' };

/** A count with its noun, singular for one. */
export const counted = (count: number, noun: string, plural = `${noun}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;

/** A CA may sign another below it while it is active and its path length is not 0. */
export const mayParent = (ca: CertAuthority) => ca.status === 'active' && ca.path_length !== 0;

/** A distinguished name's attributes as printed ("C=DE, O=Demo, CN=Root CA"); a comma inside a value is escaped. */
const attributes = (subject: string) => subject.split(/(?<!\\),\s*(?=[A-Za-z][A-Za-z0-9.]*=)/);

/**
 * A subject in a table cell: its common name first (what people know a CA by), the other attributes under it,
 * dimmed; the whole subject as printed is its title.
 */
export function SubjectCell({ subject, minWidth }: { subject: string; minWidth?: number }) {
  const parts = attributes(subject);
  const cn = parts.find((part) => part.startsWith('CN='));
  const rest = parts.filter((part) => part !== cn).join(', ');
  return (
    <Stack gap={0} title={subject} miw={minWidth}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {cn ?? (rest || '—')}
      </Text>
      {cn && rest ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {rest}
        </Text>
      ) : null}
    </Stack>
  );
}
