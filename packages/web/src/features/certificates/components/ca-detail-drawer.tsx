import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { CA_KEY_USAGE_LABELS, KEY_PAIR_ALGORITHM_LABELS, type CertAuthority } from '@keydeck/contract/certificates';
import { formatDateTime } from '../../../lib/datetime';
import { CA_DOWNLOAD_LABELS, type CaDownload } from '../api/cert-authorities.api';
import { CaStatusBadge, counted, Hex } from './certificate-cells';
import { Fact, FactList } from '../../../lib/ui/fact-list';

const KEYSTORES = { software: 'Software keystore (sealed under the platform master key)', pkcs11: 'HSM (PKCS#11)' } as const;
const DOWNLOADS: CaDownload[] = ['certificate', 'chain', 'crl-pem', 'crl-der'];

interface CaDetailDrawerProps {
  shown: CertAuthority | null;
  onClose: () => void;
  onDownload: (ca: CertAuthority, what: CaDownload) => void;
  /** The download under way, if any. */
  downloading: CaDownload | null;
}

/** One CA: its certificate's facts, what it issued, and its certificate, chain and CRL to download. */
export function CaDetailDrawer({ shown, onClose, onDownload, downloading }: CaDetailDrawerProps) {
  return (
    <Drawer opened={shown !== null} onClose={onClose} position="right" size="xl" title={shown ? `Certificate authority ${shown.ca_name}` : ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      {shown ? (
        <Stack gap="lg">
          <FactList>
            <Fact label="Status">
              <CaStatusBadge status={shown.status} />
            </Fact>
            <Fact label="Type">{shown.parent ? `Intermediate CA, signed by ${shown.parent}` : 'Root CA (self-signed)'}</Fact>
            <Fact label="Subject">{shown.subject}</Fact>
            <Fact label="Issuer">{shown.issuer}</Fact>
            <Fact label="Serial number">
              <Hex value={shown.serial} wrap />
            </Fact>
            <Fact label="SHA-256 fingerprint">
              <Hex value={shown.sha256_fingerprint} size="xs" wrap />
            </Fact>
            <Fact label="Key algorithm">{KEY_PAIR_ALGORITHM_LABELS[shown.key_algorithm]}</Fact>
            <Fact label="Keystore">{KEYSTORES[shown.keystore]}</Fact>
            <Fact label="Valid from">{formatDateTime(shown.not_before)}</Fact>
            <Fact label="Valid until">
              {formatDateTime(shown.not_after)} ({counted(shown.validity_days, 'day')})
            </Fact>
            <Fact label="Path length">{shown.path_length === null ? 'No limit' : `${shown.path_length} (CA levels allowed below it)`}</Fact>
            <Fact label="Key usage">{shown.key_usage.map((usage) => CA_KEY_USAGE_LABELS[usage]).join(', ')}</Fact>
            <Fact label="CRL number">{shown.crl_number === 0 ? 'None signed yet (the first is signed when downloaded)' : shown.crl_number}</Fact>
            <Fact label="Certificates issued">
              {shown.certificates_issued.toLocaleString('en-US')}, {shown.unexpired_certificates.toLocaleString('en-US')} not expired
            </Fact>
            <Fact label="CAs under it">{shown.child_cas.toLocaleString('en-US')}</Fact>
            <Fact label="Created">
              {formatDateTime(shown.created_at)} by {shown.created_by}
            </Fact>
          </FactList>
          <div>
            <Title order={3} fz="h5" mb={4}>
              Downloads
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              PEM unless marked DER. The chain is this CA&apos;s certificate followed by its issuers up to the root.
            </Text>
            <Group gap="sm">
              {DOWNLOADS.map((what) => (
                <Button key={what} variant="default" size="sm" loading={downloading === what} onClick={() => onDownload(shown, what)}>
                  {CA_DOWNLOAD_LABELS[what]}
                </Button>
              ))}
            </Group>
          </div>
        </Stack>
      ) : null}
    </Drawer>
  );
}
