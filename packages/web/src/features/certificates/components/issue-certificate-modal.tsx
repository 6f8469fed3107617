import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, FileButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { CERTIFICATE_VALIDITY_DAYS_MAX, CSR_PEM_MAX, EXTENDED_KEY_USAGE_LABELS, EXTENDED_KEY_USAGES } from '@keydeck/contract/certificates';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { UiDefaults } from '../../../lib/ui-defaults';
import { issueFormSchema } from '../api/certificate-forms';
import { useIssueCertificate } from '../api/certificates.api';
import { CaField } from './ca-field';
import { CheckGroupField } from './check-group-field';
import { IssuedCertificateResult } from './issued-certificate-result';

const USAGES = EXTENDED_KEY_USAGES.map((value) => ({ value, label: `${EXTENDED_KEY_USAGE_LABELS[value]} (${value})` }));
const CSR_FILES = '.csr,.pem,.req,.txt,application/pkcs10,application/x-pem-file,text/plain';

interface IssueCertificateModalProps {
  serviceId: string;
  opened: boolean;
  /** The CA the list shows, offered first. */
  ca: string | undefined;
  onClose: () => void;
}

/**
 * Issues a certificate from a PEM certificate signing request (pasted or read from its file), signed by a CA of the
 * service. The answer lives in the issue mutation of the dialog's body, mounted only while the dialog is open.
 */
export function IssueCertificateModal({ serviceId, opened, ca, onClose }: IssueCertificateModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Issue a certificate from a CSR" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <IssueBody serviceId={serviceId} ca={ca} onClose={onClose} /> : null}
    </Modal>
  );
}

function IssueBody({ serviceId, ca, onClose }: { serviceId: string; ca: string | undefined; onClose: () => void }) {
  const issue = useIssueCertificate(serviceId);
  const form = useContractForm({
    schema: issueFormSchema,
    defaultValues: { ca: ca ?? '', csr: '', validity_days: 365, extended_key_usage: ['serverAuth'] },
    onSubmit: (values) => issue.mutateAsync(values),
  });
  if (issue.data) return <IssuedCertificateResult serviceId={serviceId} issued={issue.data} onClose={onClose} />;

  const readFile = async (file: File | null) => {
    if (!file) return;
    // A file far past the limit is not read into the field; the contract's limit says why.
    const text = file.size > CSR_PEM_MAX * 2 ? 'x'.repeat(CSR_PEM_MAX + 1) : await file.text();
    form.setValue('csr', text, { shouldValidate: true });
  };

  return (
    <ContractForm form={form} aria-label="Issue a certificate">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The certificate names what the request names (its subject and subject alternative names) and certifies the request&apos;s key. The CA signs it
          with its key in the keystore.
        </Text>
        <FormAlert />
        <CaField
          serviceId={serviceId}
          name="ca"
          label="Issuing CA"
          offers={(authority) => authority.status === 'active'}
          noneText="No active CA: create one under Certificate Authorities"
          withAsterisk
          data-autofocus
        />
        <Stack gap={6}>
          <TextareaField
            name="csr"
            label="Certificate signing request (PEM)"
            description="Paste the whole block, BEGIN and END lines included, or choose its file"
            placeholder={'-----BEGIN CERTIFICATE REQUEST-----\n…\n-----END CERTIFICATE REQUEST-----'}
            withAsterisk
            autosize
            minRows={6}
            maxRows={12}
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
          <Group>
            <FileButton accept={CSR_FILES} onChange={(file) => void readFile(file)}>
              {(props) => (
                <Button variant="default" size="xs" {...props}>
                  Choose a CSR file
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            name="validity_days"
            label="Validity (days)"
            description={`At most ${CERTIFICATE_VALIDITY_DAYS_MAX.toLocaleString('en-US')}, and never past the CA's own expiry`}
            min={1}
            max={CERTIFICATE_VALIDITY_DAYS_MAX}
            allowDecimal={false}
            withAsterisk
          />
          <CheckGroupField name="extended_key_usage" label="Extended key usage" options={USAGES} />
        </SimpleGrid>
        <FormFooter
          submitLabel="Issue certificate"
          pending={issue.isPending}
          onCancel={onClose}
        />
      </Stack>
    </ContractForm>
  );
}
