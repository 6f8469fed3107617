import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  certificateIssueResponse,
  certificatesResponse,
  certificatesRevokeResponse,
  type CertificatesQuery,
  type ExtendedKeyUsage,
  type RevocationReason,
} from '@keydeck/contract/certificates';
import { ApiPath } from '@keydeck/contract/http';
import { certificateKeys, issuedCertificateKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { saveFile } from '../../../lib/save-file';
import { serviceRequest } from '../../../lib/service-session';
import { PEM_TYPE } from './certificate-files';

export type CertificateListState = CertificatesQuery;

/** A page of the certificates the service's CAs issued: by subject, SAN or serial, of a CA, in a status. */
export const certificatesQueryOptions = (serviceId: string, state: CertificateListState) =>
  queryOptions({
    queryKey: issuedCertificateKeys(serviceId).list(state),
    queryFn: ({ signal }) => serviceRequest(serviceId, `${ApiPath.certificates}?${toQueryString({ ...state })}`, { schema: certificatesResponse, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the certificates' },
  });

export interface CertificateIssue {
  ca: string;
  csr: string;
  validity_days: number;
  extended_key_usage: ExtendedKeyUsage[];
}

/**
 * A certificate for the key of a PKCS#10 request, signed by a CA of the service. A malformed request is a 400 naming
 * the csr field: the form shows it there. The answer (with the PEM) lives in the mutation: reset() forgets it.
 */
export function useIssueCertificate(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateIssue) => serviceRequest(serviceId, ApiPath.certificates, { method: 'POST', body, schema: certificateIssueResponse }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys(serviceId).all }),
  });
}

/** Revokes each certificate on its own, with one reason; one result line a serial. Revocation is final. */
export function useRevokeCertificates(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serials, reason }: { serials: string[]; reason: RevocationReason }) =>
      serviceRequest(serviceId, ApiPath.certificateRevoke, { method: 'POST', body: { serials, reason }, schema: certificatesRevokeResponse }),
    meta: { errorContext: 'Could not revoke the certificates' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys(serviceId).all }),
  });
}

/** Saves a certificate (PEM) as "<serial>.pem", or with its CA chain up to the root as "<serial>-chain.pem". */
export function useDownloadCertificate(serviceId: string) {
  return useMutation({
    mutationFn: async ({ serial, chain }: { serial: string; chain: boolean }) => {
      const pem = await serviceRequest(serviceId, `${ApiPath.certificateDownload}?${toQueryString({ serial, chain })}`, { schema: z.string().min(1), text: true });
      saveFile(`${serial}${chain ? '-chain' : ''}.pem`, pem, PEM_TYPE);
    },
    meta: { errorContext: 'Could not download the certificate' },
  });
}
