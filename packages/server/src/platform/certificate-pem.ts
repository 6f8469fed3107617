import { X509Certificate } from 'node:crypto';
import { badRequest } from './errors.ts';
import { Messages } from '@keydeck/contract/messages';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM text (a bundle may hold several), or null when it holds anything else: no block, text
 * around or between the blocks, or a block that is not exactly one X.509 certificate's DER. The one parser of
 * certificates a tenant gives the console.
 */
export function certificatesOfPem(text: string): X509Certificate[] | null {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length === 0 || text.replace(PEM_BLOCK, '').trim() !== '') return null;
  const certificates: X509Certificate[] = [];
  for (const block of blocks) {
    const der = Buffer.from(block[1]!.replace(/\s/g, ''), 'base64');
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(der);
    } catch {
      return null;
    }
    // Base64 decoding skips what is not base64, and the parser may stop before the end: only exact DER counts.
    if (!certificate.raw.equals(der)) return null;
    certificates.push(certificate);
  }
  return certificates;
}

/**
 * Refuses, on its field, a TLS trust anchor (the CA certificates a syslog or FTPS connection trusts) that is not a
 * PEM bundle of certificates; `field` is the body path of the value.
 */
export function assertTrustAnchor(pem: string | null | undefined, field: string): void {
  if (pem && !certificatesOfPem(pem)) throw badRequest({ [field]: [Messages.caCertificateInvalid] });
}
