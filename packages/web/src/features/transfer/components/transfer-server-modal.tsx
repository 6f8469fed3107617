import '@mantine/core/styles/Code.css';
import { Code, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DEFAULT_TRANSFER_PORTS,
  familyOf,
  TRANSFER_AUTH_LABELS,
  TRANSFER_AUTH_METHODS,
  TRANSFER_PROTOCOL_LABELS,
  TRANSFER_PROTOCOLS,
  type TransferAuth,
  type TransferProtocol,
  type TransferServer,
  type TransferServerCreate,
  type TransferServerUpdate,
} from '@keydeck/contract/transfer';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField, SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { NumberField } from '../../../lib/ui/number-field';
import { PasswordField, TextField } from '../../../lib/ui/text-fields';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { emptyTransferForm, isSsh, secretMustBeRenewed, transferFormErrors, transferFormOf, transferFormSchema } from '../api/transfer-forms';
import { useCreateTransferServer, useUpdateTransferServer } from '../api/transfer-servers.api';
import { PublicKeyBlock } from './public-key-block';

type Saved = TransferServerCreate | TransferServerUpdate;
const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } };

interface TransferServerModalProps {
  serviceId: string;
  /** undefined: closed; null: a new server; else the server edited. */
  editing: TransferServer | null | undefined;
  onClose: () => void;
  /** A server added with key sign-in: its public key is to be installed on the remote account. */
  onKeyToInstall: (server: TransferServer) => void;
}

/** Adds a transfer server, or changes one; the password or key is never shown back, and on edit an empty one is kept. */
export function TransferServerModal({ serviceId, editing, onClose, onKeyToInstall }: TransferServerModalProps) {
  const create = useCreateTransferServer(serviceId);
  const update = useUpdateTransferServer(serviceId);
  return (
    <FormModal
      opened={editing !== undefined}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'Add transfer server'}
      mutations={[create, update]}
      onSubmit={async (body: Saved) => {
        if ('id' in body) return (await update.mutateAsync(body)).message;
        const row = await create.mutateAsync(body);
        if (row.server?.client_public_key) onKeyToInstall(row.server);
        return row.message;
      }}
    >
      {(slot) => <TransferServerForm editing={editing ?? null} {...slot} />}
    </FormModal>
  );
}

function TransferServerForm({ editing, onSubmit, pending, actions }: { editing: TransferServer | null } & FormModalSlot<Saved>) {
  const defaultValues = editing ? transferFormOf(editing) : emptyTransferForm;
  const form = useContractForm({ schema: transferFormSchema(editing), defaultValues, onSubmit, errorView: transferFormErrors(Object.keys(defaultValues)) });
  const values = form.watch();
  const ssh = isSsh(values.protocol);
  const keyAuth = ssh && values.auth === 'key';
  // On edit the stored secret stays, unless where it goes or how it signs in changed.
  const renew = editing === null || secretMustBeRenewed(editing, values);
  // A server stays in its family: SFTP and SCP servers, and FTP and FTPS servers, are kept apart.
  const protocols = TRANSFER_PROTOCOLS.filter((protocol) => editing === null || familyOf(protocol) === familyOf(editing.protocol));
  const secretWord = keyAuth ? 'private key' : 'password';
  const keepNote = editing === null ? undefined : renew ? `Enter the ${secretWord} again: a stored one is never sent to another host, port or protocol` : `Leave empty to keep the stored ${secretWord}`;

  // FTP signs in with a password only; another sign-in method wants another secret.
  const changeProtocol = (protocol: string | number) => {
    if (!isSsh(protocol as TransferProtocol)) form.setValue('auth', 'password');
  };
  const changeAuth = () => form.setValue('secret', '');

  return (
    <ContractForm form={form} aria-label={editing ? `Edit ${editing.name}` : 'Add transfer server'}>
      <Stack gap="md">
        <FormAlert />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" />
          <SelectField
            name="protocol"
            label="Protocol"
            data={protocols.map((value) => ({ value, label: TRANSFER_PROTOCOL_LABELS[value] }))}
            allowDeselect={false}
            withAsterisk
            onChange={changeProtocol}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="host" label="Host" description="Host name or IP address" withAsterisk autoComplete="off" spellCheck={false} />
          <NumberField
            name="port"
            label="Port"
            description={`Empty for ${DEFAULT_TRANSFER_PORTS[values.protocol]}`}
            placeholder={String(DEFAULT_TRANSFER_PORTS[values.protocol])}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            hideControls
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField name="username" label="User name" description="The account Keydeck signs in as" withAsterisk autoComplete="off" spellCheck={false} />
          <TextField
            name="remote_directory"
            label="Remote directory"
            description="Empty for the login directory"
            placeholder="inbox, or /srv/exports"
            title="Relative to the login directory unless it starts with /"
            autoComplete="off"
            spellCheck={false}
          />
        </SimpleGrid>
        {ssh ? (
          <RadioGroupField name="auth" label="Sign-in method" onChange={changeAuth}>
            <Group gap="lg" mt={6}>
              {TRANSFER_AUTH_METHODS.map((method: TransferAuth) => (
                <Radio key={method} value={method} label={TRANSFER_AUTH_LABELS[method]} />
              ))}
            </Group>
          </RadioGroupField>
        ) : null}
        {keyAuth ? (
          <TextareaField
            name="secret"
            label="Private key"
            description={[
              'An unencrypted OpenSSH or PEM private key (Ed25519, ECDSA or RSA), BEGIN and END lines included. It is stored sealed and never shown again.',
              keepNote,
            ]
              .filter(Boolean)
              .join(' ')}
            placeholder={editing && !renew ? 'Stored key kept' : '-----BEGIN OPENSSH PRIVATE KEY-----\n…\n-----END OPENSSH PRIVATE KEY-----'}
            withAsterisk={renew}
            autosize
            minRows={4}
            maxRows={10}
            spellCheck={false}
            autoComplete="off"
            styles={MONOSPACE}
          />
        ) : (
          <PasswordField
            name="secret"
            label="Password"
            description={keepNote ?? 'Stored sealed and never shown again'}
            placeholder={editing && !renew ? 'Stored password kept' : undefined}
            withAsterisk={renew}
            autoComplete="new-password"
          />
        )}
        {keyAuth && editing?.auth === 'key' && values.secret === '' ? <PublicKeyBlock server={editing} /> : null}
        {keyAuth && (editing?.auth !== 'key' || values.secret !== '') ? (
          <Text size="sm" c="dimmed">
            Once saved, the public half of this key is shown, as a line for <Code>~/.ssh/authorized_keys</Code> on the server.
          </Text>
        ) : null}
        {values.protocol === 'ftps' ? (
          <TextareaField
            name="ca_certificate"
            label="CA certificate (PEM)"
            description="The CA that issued the server’s TLS certificate, when it is not a public one; empty to trust the public CAs"
            placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
            autosize
            minRows={3}
            maxRows={8}
            spellCheck={false}
            autoComplete="off"
            styles={MONOSPACE}
          />
        ) : null}
        <FormFooter submitLabel={editing ? 'Save changes' : 'Add server'} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
