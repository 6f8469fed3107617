import { z } from 'zod';
import {
  CA_KEY_USAGES_REQUIRED,
  caName,
  certAuthorityCreateBody,
  certificateIssueBody,
  distinguishedName,
  KEY_PAIR_ALGORITHMS,
  REVOCATION_REASONS,
  type CaKeyUsage,
  type CertAuthorityCreate,
  type KeyPairAlgorithm,
} from '@keydeck/contract/certificates';
import { formErrorView, type FormErrorView } from '../../../lib/form-errors';

/** A choice a form starts without: the picker holds '' until chosen, then the contract's value. */
const chosen = (message: string) => z.string().min(1, message).pipe(caName);

/**
 * A new CA as its form takes it: the contract's fields, the subject's parts side by side with the rest. A root has
 * no parent; an intermediate names one.
 */
export const caFormSchema = (intermediate: boolean) =>
  z.object({
    ca_name: caName,
    parent: intermediate ? chosen('Choose the CA that signs this one') : z.literal(''),
    key_algorithm: z.enum(KEY_PAIR_ALGORITHMS, 'Choose a key algorithm'),
    ...distinguishedName.shape,
    validity_days: certAuthorityCreateBody.shape.validity_days,
    path_length: certAuthorityCreateBody.shape.path_length,
    key_usage: certAuthorityCreateBody.shape.key_usage,
  });
export type CaFormValues = z.output<ReturnType<typeof caFormSchema>>;

/** A root lives ten years and an intermediate five unless the operator says otherwise. */
export const emptyCaForm = (parent: string | null) => ({
  ca_name: '',
  parent: parent ?? '',
  key_algorithm: 'EC_P256' as KeyPairAlgorithm,
  common_name: '',
  organization: '',
  organizational_unit: '',
  locality: '',
  state: '',
  country: '',
  validity_days: parent === null ? 3650 : 1825,
  path_length: undefined as number | undefined,
  key_usage: [...CA_KEY_USAGES_REQUIRED] as CaKeyUsage[],
});

export function caCreateBody({ ca_name, parent, key_algorithm, validity_days, path_length, key_usage, ...subject }: CaFormValues): CertAuthorityCreate {
  return { ca_name, parent: parent || null, key_algorithm, subject, validity_days, path_length, key_usage };
}

/** The server names a subject's parts subject.common_name…; the form has them at its top level. */
export const caFormErrors =
  (fields: readonly string[]) =>
  (error: unknown): FormErrorView<string> | null =>
    formErrorView(error, fields, /^subject\./);

/** A certificate from a CSR: the issuing CA is chosen, the rest as the contract takes it. */
export const issueFormSchema = z.object({
  ca: chosen('Choose the CA that issues the certificate'),
  csr: certificateIssueBody.shape.csr,
  validity_days: certificateIssueBody.shape.validity_days,
  extended_key_usage: certificateIssueBody.shape.extended_key_usage,
});
export type IssueFormValues = z.output<typeof issueFormSchema>;

/** A revocation names its reason: none is assumed for the operator. */
export const revokeFormSchema = z.object({ reason: z.string().min(1, 'Choose why the certificates are revoked').pipe(z.enum(REVOCATION_REASONS)) });
export type RevokeFormValues = z.output<typeof revokeFormSchema>;
