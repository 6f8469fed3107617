import { z } from 'zod';
import {
  certAuthoritiesDeleteBody,
  certAuthoritiesDeleteResponse,
  certAuthoritiesResponse,
  certAuthorityCreateBody,
  certAuthorityCreateResponse,
  certAuthorityCrlQuery,
  certAuthorityDownloadQuery,
  certificateDownloadQuery,
  certificateIssueBody,
  certificateIssueResponse,
  certificatesQuery,
  certificatesResponse,
  certificatesRevokeBody,
  certificatesRevokeResponse,
} from './certificates.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Certificate authorities of the current service and the certificates they issue (spec §7 service/cert_authority). */
export const certificatesApi = endpoints({ product: 'crypto-cluster', tag: 'Certificates' }, {
  listCertAuthorities: {
    method: 'GET', path: ApiPath.certAuthorities, responses: { 200: certAuthoritiesResponse },
    summary: 'List certificate authorities', description: 'Lists the current service\'s certificate authorities.',
  },
  createCertAuthority: {
    method: 'POST', path: ApiPath.certAuthorities, body: certAuthorityCreateBody, responses: { 201: certAuthorityCreateResponse },
    summary: 'Create a certificate authority', description: 'Creates a root or subordinate certificate authority whose key stays in the keystore.',
  },
  deleteCertAuthorities: {
    approval: { operation: 'certificate_authority.delete' },
    method: 'DELETE', path: ApiPath.certAuthorities, body: certAuthoritiesDeleteBody, responses: { 200: certAuthoritiesDeleteResponse },
    summary: 'Delete certificate authorities', description: 'Deletes certificate authorities of the current service.',
  },
  downloadCertAuthority: {
    method: 'GET', path: ApiPath.certAuthorityDownload, query: certAuthorityDownloadQuery, text: true,
    responses: { 200: z.string().describe('application/x-pem-file: the CA certificate, with chain=true followed by its issuers up to the root') },
    summary: 'Download a CA certificate', description: 'Downloads a certificate authority\'s certificate (PEM).',
  },
  certAuthorityCrl: {
    method: 'GET', path: ApiPath.certAuthorityCrl, query: certAuthorityCrlQuery, text: true,
    responses: { 200: z.string().describe('the CA’s current CRL: application/x-pem-file (format=pem) or application/pkix-crl, DER (format=der)') },
    summary: 'Download a CRL', description: 'Downloads the current certificate revocation list of a certificate authority.',
  },
  listCertificates: {
    method: 'GET', path: ApiPath.certificates, query: certificatesQuery, responses: { 200: certificatesResponse },
    summary: 'List certificates', description: 'Pages through the certificates the service\'s authorities issued.',
  },
  issueCertificate: {
    method: 'POST', path: ApiPath.certificates, body: certificateIssueBody, responses: { 201: certificateIssueResponse },
    summary: 'Issue a certificate', description: 'Issues a certificate from a certificate signing request, signed by one of the service\'s authorities.',
  },
  revokeCertificates: {
    method: 'POST', path: ApiPath.certificateRevoke, body: certificatesRevokeBody, responses: { 200: certificatesRevokeResponse },
    summary: 'Revoke certificates', description: 'Revokes certificates with a reason; the next CRL lists them.',
  },
  downloadCertificate: {
    method: 'GET', path: ApiPath.certificateDownload, query: certificateDownloadQuery, text: true,
    responses: { 200: z.string().describe('application/x-pem-file: the certificate, with chain=true followed by its CA chain up to the root') },
    summary: 'Download a certificate', description: 'Downloads an issued certificate (PEM).',
  },
});
