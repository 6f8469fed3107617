import { z } from 'zod';
import { Messages } from '@keydeck/contract/messages';
import {
  DEFAULT_TRANSFER_PORTS,
  familyOf,
  ftpServerCreate,
  ftpServerUpdate,
  scpServerCreate,
  scpServerUpdate,
  TRANSFER_AUTH_METHODS,
  TRANSFER_PROTOCOLS,
  type TransferProtocol,
  type TransferServer,
  type TransferServerCreate,
  type TransferServerUpdate,
} from '@keydeck/contract/transfer';
import { formErrorView, type FormErrorView } from '../../../lib/form-errors';
import { RowRefused } from './transfer-servers.api';

/** What the add and edit forms hold: every field as its control keeps it; the contract checks them on submit. */
const formFields = z.object({
  name: z.string(),
  protocol: z.enum(TRANSFER_PROTOCOLS, 'Choose a protocol'),
  host: z.string(),
  /** Empty: the protocol's port (22 or 21). */
  port: z.number().optional(),
  username: z.string(),
  auth: z.enum(TRANSFER_AUTH_METHODS),
  /** A password or a private key; on edit, empty keeps the stored one. */
  secret: z.string(),
  remote_directory: z.string(),
  ca_certificate: z.string(),
});
export type TransferFormValues = z.input<typeof formFields>;

export const isSsh = (protocol: TransferProtocol) => familyOf(protocol) === 'scp';
const transport = (protocol: TransferProtocol) => (isSsh(protocol) ? 'ssh' : protocol);
const caOf = (values: Pick<TransferFormValues, 'protocol' | 'ca_certificate'>) => (values.protocol === 'ftps' ? values.ca_certificate.trim() || null : null);

/**
 * Whether the stored secret may not follow the change (as the server decides): a password or key is only ever sent
 * to the host, port, transport and sign-in method (and FTPS CA) it was given for.
 */
export function secretMustBeRenewed(current: TransferServer, values: TransferFormValues): boolean {
  return (
    current.host !== values.host.trim().toLowerCase() ||
    current.port !== (values.port ?? DEFAULT_TRANSFER_PORTS[values.protocol]) ||
    transport(current.protocol) !== transport(values.protocol) ||
    current.auth !== authOf(values) ||
    (current.ca_certificate?.trim() ?? null) !== caOf(values)
  );
}

/** FTP signs in with a password only: the form offers keys for SFTP and SCP alone. */
const authOf = (values: Pick<TransferFormValues, 'protocol' | 'auth'>) => (isSsh(values.protocol) ? values.auth : 'password');

/** The request body's row, as the contract takes it. */
function rowOf(values: TransferFormValues) {
  return {
    name: values.name,
    protocol: values.protocol,
    host: values.host,
    ...(values.port === undefined ? {} : { port: values.port }),
    username: values.username,
    auth: authOf(values),
    remote_directory: values.remote_directory,
    ca_certificate: caOf(values),
  };
}

/**
 * The add form (editing null) or the edit form: the contract's own schema of the server's family checks the row
 * (names, host, port, directory, the rules across fields), so the form refuses what the server would. On edit an
 * empty secret keeps the stored one, unless the change needs it entered again.
 */
export function transferFormSchema(editing: TransferServer | null) {
  return formFields.transform((values, ctx): TransferServerCreate | TransferServerUpdate => {
    const family = familyOf(values.protocol);
    const parsed = editing
      ? (family === 'scp' ? scpServerUpdate : ftpServerUpdate).safeParse({ id: editing.id, ...rowOf(values), secret: values.secret || undefined })
      : (family === 'scp' ? scpServerCreate : ftpServerCreate).safeParse({ ...rowOf(values), secret: values.secret });
    const issues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    if (editing && values.secret === '' && secretMustBeRenewed(editing, values)) issues.push({ path: ['secret'], message: Messages.transferSecretRequired });
    if (!parsed.success || issues.length > 0) {
      issues.forEach(({ path, message }) => ctx.addIssue({ code: 'custom', path: path as PropertyKey[], message }));
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** A new server's form: SFTP with a password, the login directory. */
export const emptyTransferForm: TransferFormValues = {
  name: '',
  protocol: 'sftp',
  host: '',
  port: undefined,
  username: '',
  auth: 'password',
  secret: '',
  remote_directory: '',
  ca_certificate: '',
};

/** The edited server's values; its secret is never sent back, so that field starts empty. */
export function transferFormOf(server: TransferServer): TransferFormValues {
  return {
    name: server.name,
    protocol: server.protocol,
    host: server.host,
    port: server.port,
    username: server.username,
    auth: server.auth,
    secret: '',
    remote_directory: server.remote_directory === '.' ? '' : server.remote_directory,
    ca_certificate: server.ca_certificate ?? '',
  };
}

// The server names a refused field by its place in the batch: servers.0.host.
const SERVER_BATCH_PREFIX = /^servers\.\d+\./;

/** A refused row above the fields; the server's field errors on their fields. */
export const transferFormErrors =
  (fields: readonly string[]) =>
  (error: unknown): FormErrorView<string> | null =>
    error instanceof RowRefused ? { fields: {}, message: error.message } : formErrorView(error, fields, SERVER_BATCH_PREFIX);
