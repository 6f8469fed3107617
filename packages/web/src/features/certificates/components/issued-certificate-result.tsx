import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { certificateIssueResponse } from '@keydeck/contract/certificates';
import { formatDateTime } from '../../../lib/datetime';
import { saveFile } from '../../../lib/save-file';
import { PEM_TYPE } from '../api/certificate-files';
import { useDownloadCertificate } from '../api/certificates.api';
import { CopyValueButton } from '../../../lib/ui/copy-value-button';
import { Fact, FactList } from '../../../lib/ui/fact-list';
import { Hex } from './certificate-cells';

interface IssuedCertificateResultProps {
  serviceId: string;
  issued: z.output<typeof certificateIssueResponse>;
  onClose: () => void;
}

/** The certificate just issued: its facts, its PEM to copy, and the certificate or its chain to download. */
export function IssuedCertificateResult({ serviceId, issued, onClose }: IssuedCertificateResultProps) {
  const { certificate, pem, validity_capped } = issued;
  const chain = useDownloadCertificate(serviceId);
  return (
    <Stack gap="md">
      <Alert color="success" variant="light" role="status" title="Certificate issued">
        {certificate.ca} signed a certificate for {certificate.subject || certificate.sans.join(', ')}.
      </Alert>
      {validity_capped ? (
        <Alert color="warning" variant="light">
          The validity asked for went past {certificate.ca}&apos;s own expiry: the certificate ends with the CA, on {formatDateTime(certificate.not_after)}.
        </Alert>
      ) : null}
      <FactList>
        <Fact label="Serial number">
          <Hex value={certificate.serial} wrap />
        </Fact>
        <Fact label="Subject">{certificate.subject || '—'}</Fact>
        <Fact label="Alternative names">{certificate.sans.length ? certificate.sans.join(', ') : '—'}</Fact>
        <Fact label="Valid">
          {formatDateTime(certificate.not_before)} to {formatDateTime(certificate.not_after)}
        </Fact>
        <Fact label="SHA-256 fingerprint">
          <Hex value={certificate.sha256_fingerprint} size="xs" wrap />
        </Fact>
      </FactList>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="issued-pem-label">
          Certificate (PEM)
        </Text>
        <Code block aria-labelledby="issued-pem-label" data-testid="issued-pem" tabIndex={0} mah={180} style={{ whiteSpace: 'pre', overflow: 'auto' }}>
          {pem}
        </Code>
      </div>
      <Group justify="flex-end" gap="sm">
        <CopyValueButton value={pem} label="Copy PEM" />
        <Button variant="default" onClick={() => saveFile(`${certificate.serial}.pem`, pem, PEM_TYPE)}>
          Download certificate
        </Button>
        <Button variant="default" loading={chain.isPending} onClick={() => chain.mutate({ serial: certificate.serial, chain: true })}>
          Download chain
        </Button>
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
