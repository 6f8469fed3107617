import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, CopyButton, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ExternalCa } from '@keydeck/contract/external-cas';
import { formatDateTime } from '../../../lib/datetime';
import { Fact, FactList } from '../../../lib/ui/fact-list';
import { externalCaQueryOptions } from '../api/external-cas.api';
import { ArchivedBadge, objectTypeName } from './external-ca-cells';

interface ExternalCaDetailsProps {
  serviceId: string;
  /** The CA whose details are open; null closes the drawer. */
  ca: ExternalCa | null;
  onClose: () => void;
  onDownload: (ca: ExternalCa) => void;
  /** Absent when the service user group may only view. */
  onToggleArchive?: (ca: ExternalCa) => void;
  archivePending: boolean;
}

/** The details of one external CA (the detail call, certificate included), with download and archive. */
export function ExternalCaDetails({ serviceId, ca, onClose, onDownload, onToggleArchive, archivePending }: ExternalCaDetailsProps) {
  return (
    <Drawer opened={ca !== null} onClose={onClose} position="right" size="lg" title={ca?.name ?? ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      {ca ? <Details serviceId={serviceId} ca={ca} onDownload={onDownload} onToggleArchive={onToggleArchive} archivePending={archivePending} /> : null}
    </Drawer>
  );
}

function Details({ serviceId, ca, onDownload, onToggleArchive, archivePending }: Omit<ExternalCaDetailsProps, 'ca' | 'onClose'> & { ca: ExternalCa }) {
  const detail = useQuery(externalCaQueryOptions(serviceId, ca));
  if (detail.isPending) return <Skeleton height={240} aria-label="Loading the external CA" />;
  if (detail.isError) {
    return (
      <Alert color="error" variant="light" title="The details could not be loaded">
        {detail.error.message}
      </Alert>
    );
  }
  const shown = detail.data;
  return (
    <Stack gap="lg">
      <FactList>
        <Fact label="Status">
          <ArchivedBadge archived={shown.isArchived} />
        </Fact>
        <Fact label="Type">{objectTypeName(shown.objectType)}</Fact>
        <Fact label="Subject">{shown.subject}</Fact>
        <Fact label="Issuer">{shown.issuer}</Fact>
        <Fact label="Valid from">{formatDateTime(shown.notBefore)}</Fact>
        <Fact label="Valid until">{formatDateTime(shown.notAfter)}</Fact>
        <Fact label="Serial number">
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
            {shown.serial}
          </Text>
        </Fact>
        <Fact label="SHA-256 fingerprint">
          <Stack gap={4} align="flex-start">
            <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }} data-testid="sha256-fingerprint">
              {shown.sha256Fingerprint}
            </Text>
            <CopyButton value={shown.sha256Fingerprint} timeout={1500}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" color={copied ? 'success' : 'secondary'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy fingerprint'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Fact>
        <Fact label="Probe PKI">{shown.hasProbePki ? 'Yes' : 'No'}</Fact>
      </FactList>
      <Group gap="sm">
        <Button onClick={() => onDownload(shown)}>Download certificate</Button>
        {onToggleArchive ? (
          <Button variant="default" loading={archivePending} onClick={() => onToggleArchive(shown)}>
            {shown.isArchived ? 'Unarchive' : 'Archive'}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
