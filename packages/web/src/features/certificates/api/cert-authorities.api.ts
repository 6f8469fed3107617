import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertAuthority, CertAuthorityCreate } from '@keydeck/contract/certificates';
import { certificatesApi } from '@keydeck/contract/certificates.api';
import { certAuthorityKeys, certificateKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { serviceCall } from '../../../lib/service-session';
import { caFileName, pemToDer, PEM_TYPE } from './certificate-files';

/** The service's CAs as a tree read top down (each root, then the CAs under it), with their counts. */
export const certAuthoritiesQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: certAuthorityKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceCall(serviceId, certificatesApi.listCertAuthorities, { signal }),
    meta: { errorContext: 'Could not load the certificate authorities' },
  });

/** A root or an intermediate CA, its key generated in the keystore; a refused field lands on the form. */
export function useCreateCertAuthority(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertAuthorityCreate) => serviceCall(serviceId, certificatesApi.createCertAuthority, { body }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys(serviceId).all }),
  });
}

/**
 * Deletes each CA on its own. One that issued certificates that have not expired comes back refused with
 * confirmation_required until it is sent again with confirm: true; its certificates then go with it.
 */
export function useDeleteCertAuthorities(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cas, confirm }: { cas: string[]; confirm: boolean }) =>
      serviceCall(serviceId, certificatesApi.deleteCertAuthorities, { body: { cas, confirm } }),
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys(serviceId).all }),
  });
}

export type CaDownload = 'certificate' | 'chain' | 'crl-pem' | 'crl-der';

export const CA_DOWNLOAD_LABELS: Record<CaDownload, string> = {
  certificate: 'Download certificate',
  chain: 'Download chain',
  'crl-pem': 'Download CRL (PEM)',
  'crl-der': 'Download CRL (DER)',
};

/**
 * Saves a CA's certificate, its chain up to the root, or its current CRL. The API client reads text, so the DER
 * CRL is the PEM one decoded here: the same bytes the server would send with format=der. Fetching the CRL may
 * sign a new one (after a revocation), so the CA's CRL number refreshes.
 */
export function useDownloadCaFile(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ca, what }: { ca: Pick<CertAuthority, 'ca_name'>; what: CaDownload }) => {
      const crl = what === 'crl-pem' || what === 'crl-der';
      const pem = crl
        ? await serviceCall(serviceId, certificatesApi.certAuthorityCrl, { query: { ca: ca.ca_name, format: 'pem' } })
        : await serviceCall(serviceId, certificatesApi.downloadCertAuthority, { query: { ca: ca.ca_name, chain: what === 'chain' ? 'true' : 'false' } });
      if (what === 'crl-der') saveFile(caFileName(ca.ca_name, '.crl'), pemToDer(pem), 'application/pkix-crl');
      else saveFile(caFileName(ca.ca_name, { certificate: '.pem', chain: '-chain.pem', 'crl-pem': '.crl.pem' }[what]), pem, PEM_TYPE);
    },
    meta: { errorContext: 'Could not download the file' },
    onSuccess: (_done, { what }) => (what.startsWith('crl') ? queryClient.invalidateQueries({ queryKey: certAuthorityKeys(serviceId).all }) : undefined),
  });
}
