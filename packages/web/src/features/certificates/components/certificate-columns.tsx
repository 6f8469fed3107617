import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Menu, Stack, Text } from '@mantine/core';
import { REVOCATION_REASON_LABELS, type IssuedCertificate } from '@keydeck/contract/certificates';
import { formatDate } from '../../../lib/datetime';
import type { DataTableColumn } from '../../../lib/ui/data-table';
import { CertificateStatusBadge, Hex } from './certificate-cells';

export type CertificateRowAction = 'download' | 'chain' | 'revoke';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function CertificateRowMenu({ certificate, canModify, onAction }: { certificate: IssuedCertificate; canModify: boolean; onAction: (action: CertificateRowAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" aria-label={`Actions for certificate ${certificate.serial}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('download')}>Download certificate</Menu.Item>
        <Menu.Item onClick={() => onAction('chain')}>Download chain</Menu.Item>
        {canModify && certificate.status !== 'revoked' ? (
          <Menu.Item color="error" onClick={() => onAction('revoke')}>
            Revoke…
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The issued certificates' columns; the last holds the downloads and, at Modify, Revoke. */
export function certificateColumns(canModify: boolean, act: (action: CertificateRowAction, certificate: IssuedCertificate) => void): DataTableColumn<IssuedCertificate>[] {
  return [
    { key: 'serial', title: 'Serial', sortKey: 'serial', render: (certificate) => <Hex value={certificate.serial} size="xs" /> },
    {
      key: 'subject',
      title: 'Subject · alternative names',
      sortKey: 'subject',
      render: (certificate) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {certificate.subject || '—'}
          </Text>
          {certificate.sans.length ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {certificate.sans.join(', ')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'ca', title: 'CA', render: (certificate) => <Text size="sm" style={NO_WRAP}>{certificate.ca}</Text> },
    {
      key: 'validity',
      title: 'Valid until',
      sortKey: 'not_after',
      render: (certificate) => (
        <Stack gap={0}>
          <Text size="sm" style={NO_WRAP}>
            {formatDate(certificate.not_after)}
          </Text>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            from {formatDate(certificate.not_before)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (certificate) => (
        <Stack gap={2} align="flex-start">
          <CertificateStatusBadge status={certificate.status} />
          {certificate.revoked_at ? (
            <Text size="xs" c="dimmed" style={NO_WRAP}>
              {certificate.revocation_reason ? REVOCATION_REASON_LABELS[certificate.revocation_reason] : 'Revoked'}
              <br />
              {formatDate(certificate.revoked_at)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'actions', title: 'Actions', width: 90, render: (certificate) => <CertificateRowMenu certificate={certificate} canModify={canModify} onAction={(action) => act(action, certificate)} /> },
  ];
}
