import '@mantine/core/styles/List.css';
import { Alert, List, Stack, Text } from '@mantine/core';
import { REVOCATION_REASON_LABELS, REVOCATION_REASONS, type IssuedCertificate } from '@keydeck/contract/certificates';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { revokeFormSchema, type RevokeFormValues } from '../api/certificate-forms';
import { useRevokeCertificates } from '../api/certificates.api';
import { Hex } from './certificate-cells';
import type { ReportLine } from '../../../lib/ui/result-report-modal';

const REASONS = REVOCATION_REASONS.map((value) => ({ value, label: REVOCATION_REASON_LABELS[value] }));

interface RevokeCertificatesModalProps {
  serviceId: string;
  /** The certificates to revoke; null while closed. */
  certificates: IssuedCertificate[] | null;
  onClose: () => void;
  /** Each certificate's result, in the server's words. */
  onRevoked: (lines: ReportLine[]) => void;
}

/** Revokes certificates with one reason, after saying that a revocation is final and shows on the CA's next CRL. */
export function RevokeCertificatesModal({ serviceId, certificates, onClose, onRevoked }: RevokeCertificatesModalProps) {
  const revoke = useRevokeCertificates(serviceId);
  const chosen = certificates ?? [];
  return (
    <FormModal
      opened={certificates !== null}
      onClose={onClose}
      title={chosen.length === 1 ? 'Revoke a certificate' : `Revoke ${chosen.length} certificates`}
      mutations={[revoke]}
      onSubmit={async ({ reason }: RevokeFormValues) => {
        const { results } = await revoke.mutateAsync({ serials: chosen.map((certificate) => certificate.serial), reason });
        onRevoked(results);
        return undefined;
      }}
    >
      {(slot) => <RevokeForm certificates={chosen} {...slot} />}
    </FormModal>
  );
}

function RevokeForm({ certificates, onSubmit, pending, actions }: { certificates: IssuedCertificate[] } & FormModalSlot<RevokeFormValues>) {
  const form = useContractForm({ schema: revokeFormSchema, defaultValues: { reason: '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Revoke certificates">
      <Stack gap="md">
        <Alert color="error" variant="light" title="A revocation cannot be undone">
          The issuing CA lists {certificates.length === 1 ? 'the certificate' : 'these certificates'} on its next CRL, and relying parties that check it
          refuse {certificates.length === 1 ? 'it' : 'them'} from then on.
        </Alert>
        <FormAlert />
        <List size="sm" spacing={4} aria-label="Certificates to revoke" mah={200} style={{ overflowY: 'auto' }}>
          {certificates.map((certificate) => (
            <List.Item key={certificate.serial}>
              <Text span size="sm">
                {certificate.subject || certificate.sans.join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                Serial <Hex value={certificate.serial} size="xs" /> · {certificate.ca}
              </Text>
            </List.Item>
          ))}
        </List>
        <SelectField name="reason" label="Reason" data={REASONS} placeholder="Choose a reason" withAsterisk data-autofocus />
        <FormFooter submitLabel={certificates.length === 1 ? 'Revoke certificate' : `Revoke ${certificates.length} certificates`} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
