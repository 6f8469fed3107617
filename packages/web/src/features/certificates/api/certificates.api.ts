import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificatesQuery, ExtendedKeyUsage, RevocationReason } from '@keydeck/contract/certificates';
import { certificatesApi } from '@keydeck/contract/certificates.api';
import { certificateKeys, issuedCertificateKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { serviceCall } from '../../../lib/service-session';
import { PEM_TYPE } from './certificate-files';
import { listQueryOptions } from '../../../lib/list-query';

export type CertificateListState = CertificatesQuery;

/** A page of the certificates the service's CAs issued: by subject, SAN or serial, of a CA, in a status. */
export const certificatesQueryOptions = (serviceId: string, state: CertificateListState) =>
  listQueryOptions({
    queryKey: issuedCertificateKeys(serviceId).list(state),
    queryFn: ({ signal }) => serviceCall(serviceId, certificatesApi.listCertificates, { query: state, signal }),
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
    mutationFn: (body: CertificateIssue) => serviceCall(serviceId, certificatesApi.issueCertificate, { body }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys(serviceId).all }),
  });
}

/** Revokes each certificate on its own, with one reason; one result line a serial. Revocation is final. */
export function useRevokeCertificates(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serials, reason }: { serials: string[]; reason: RevocationReason }) =>
      serviceCall(serviceId, certificatesApi.revokeCertificates, { body: { serials, reason } }),
    meta: { errorContext: 'Could not revoke the certificates' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys(serviceId).all }),
  });
}

/** Saves a certificate (PEM) as "<serial>.pem", or with its CA chain up to the root as "<serial>-chain.pem". */
export function useDownloadCertificate(serviceId: string) {
  return useMutation({
    mutationFn: async ({ serial, chain }: { serial: string; chain: boolean }) => {
      const pem = await serviceCall(serviceId, certificatesApi.downloadCertificate, { query: { serial, chain: chain ? 'true' : 'false' } });
      saveFile(`${serial}${chain ? '-chain' : ''}.pem`, pem, PEM_TYPE);
    },
    meta: { errorContext: 'Could not download the certificate' },
  });
}
