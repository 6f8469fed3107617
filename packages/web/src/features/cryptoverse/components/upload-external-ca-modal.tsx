import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useState, type FormEvent } from 'react';
import { Button, FileInput, Modal, Stack, TextInput } from '@mantine/core';
import { EXTERNAL_CA_LIMITS, externalCaCreateBody } from '@keydeck/contract/external-cas';
import { Messages, UiDefaults } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { operationStatus } from '../api/external-ca-status';
import { useCreateExternalCa } from '../api/external-cas.api';
import { readFileAsBase64 } from './certificate-file';

const FIELDS = ['external_ca_name', 'external_ca_file'] as const;
type Values = { external_ca_name: string; external_ca_file: string };

/** "Upload external CA" in a 640 px modal (spec §9); rebuilt empty on every opening. */
export function UploadExternalCaModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upload external CA" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <UploadForm serviceId={serviceId} onDone={onClose} /> : null}
    </Modal>
  );
}

function UploadForm({ serviceId, onDone }: { serviceId: string; onDone: () => void }) {
  const create = useCreateExternalCa(serviceId);
  const creating = operationStatus(create);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState('');
  const { formRef, errors, clear, submit: send } = useFormRefusals<(typeof FIELDS)[number], Values>({
    fields: FIELDS,
    onSubmit: async (values) => {
      const created = await create.mutateAsync({ externalCaName: values.external_ca_name, externalCaFile: values.external_ca_file });
      showToast({ color: 'success', message: Messages.externalCaUploaded(created.name) });
      onDone();
    },
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    clear('external_ca_file');
    // Another file: the last refusal was about the previous one.
    create.reset();
    setContent(chosen ? await readFileAsBase64(chosen) : '');
    // The file's own name is a fair first guess at the CA's.
    if (chosen && name.trim() === '') setName(chosen.name.replace(/\.[^.]+$/, '').slice(0, EXTERNAL_CA_LIMITS.createName));
  };
  const submit = (event: FormEvent<HTMLFormElement>) =>
    send(event, () => externalCaCreateBody.safeParse({ external_ca_name: name, external_ca_file: content }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Upload external CA">
      <Stack gap="md">
        <FormAlert message={creating.success === false ? creating.message : null} />
        <FileInput
          label="Certificate file"
          description="A CA certificate, PEM or DER (.pem, .crt, .cer, .der)"
          placeholder="Choose a file"
          accept=".pem,.crt,.cer,.der,application/x-pem-file,application/x-x509-ca-cert,application/pkix-cert"
          withAsterisk
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the file' }}
          value={file}
          error={errors.external_ca_file}
          onChange={(chosen) => void choose(chosen)}
        />
        <TextInput
          label="Name"
          description={`How the service names this CA, at most ${EXTERNAL_CA_LIMITS.createName} characters`}
          withAsterisk
          maxLength={EXTERNAL_CA_LIMITS.createName}
          value={name}
          error={errors.external_ca_name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('external_ca_name');
          }}
        />
        <FormFooter
          submitLabel="Upload"
          pending={create.isPending}
          actions={
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          }
        />
      </Stack>
    </form>
  );
}
