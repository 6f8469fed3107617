import { Stack } from '@mantine/core';
import { EXTERNAL_CA_LIMITS, externalCaCreateBody } from '@keydeck/contract/external-cas';
import { Messages } from '@keydeck/contract/messages';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { operationStatus } from '../api/external-ca-status';
import { useCreateExternalCa } from '../api/external-cas.api';
import { Base64FileField } from '../../../lib/ui/base64-file-field';

type Values = { external_ca_name: string; external_ca_file: string };

/** "Upload external CA" in a 640 px modal (spec §9); rebuilt empty on every opening. */
export function UploadExternalCaModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateExternalCa(serviceId);
  const creating = operationStatus(create);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Upload external CA"
      mutations={[create]}
      onSubmit={async (values: Values) => {
        const created = await create.mutateAsync({ externalCaName: values.external_ca_name, externalCaFile: values.external_ca_file });
        return Messages.externalCaUploaded(created.name);
      }}
    >
      {(form) => (
        <UploadForm
          // The create status in spec words stands above the form; another file clears it (the refusal was about the previous one).
          refusal={creating.success === false ? creating.message : null}
          onFileChosen={() => create.reset()}
          {...form}
        />
      )}
    </FormModal>
  );
}

interface UploadFormProps extends FormModalSlot<Values> {
  refusal: string | null;
  onFileChosen: () => void;
}

function UploadForm({ refusal, onFileChosen, onSubmit, pending, actions }: UploadFormProps) {
  const form = useContractForm({ schema: externalCaCreateBody, defaultValues: { external_ca_name: '', external_ca_file: '' }, onSubmit });
  const choose = (chosen: File | null) => {
    onFileChosen();
    // The file's own name is a fair first guess at the CA's (a longer one is refused on the field, never cut short).
    if (chosen && form.getValues('external_ca_name').trim() === '') {
      form.setValue('external_ca_name', chosen.name.replace(/\.[^.]+$/, ''));
    }
  };

  return (
    <ContractForm form={form} aria-label="Upload external CA">
      <Stack gap="md">
        <FormAlert message={refusal} />
        <Base64FileField
          name="external_ca_file"
          label="Certificate file"
          description="A CA certificate, PEM or DER (.pem, .crt, .cer, .der)"
          placeholder="Choose a file"
          accept=".pem,.crt,.cer,.der,application/x-pem-file,application/x-x509-ca-cert,application/pkix-cert"
          withAsterisk
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the file' }}
          onChoose={choose}
        />
        <TextField
          name="external_ca_name"
          label="Name"
          description={`How the service names this CA, at most ${EXTERNAL_CA_LIMITS.createName} characters`}
          withAsterisk
        />
        <FormFooter submitLabel="Upload" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
