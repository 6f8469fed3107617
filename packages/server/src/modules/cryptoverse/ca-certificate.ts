import { X509Certificate } from 'node:crypto';
import { EXTERNAL_CA_MAX_FILE_BYTES } from '@keydeck/contract/external-cas';
import { Messages } from '@keydeck/contract/messages';
import { certificatesOfPem } from '../../platform/certificate-pem.ts';

/** What the console keeps of an uploaded CA certificate: the DER itself and what lists show of it. */
export type CaCertificate = {
  der: Buffer;
  objectType: 'RootCA' | 'IntermediateCA';
  subject: string;
  issuer: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  sha256Fingerprint: string;
};

/** Why a file was refused; the text is shown to the user after the spec's ' Error: Invalid certificate.'. */
export type CertificateRefusal = { refusal: string };

/**
 * Reads an uploaded file (base64 of PEM or DER) as exactly one X.509 CA certificate: one that says CA:TRUE in its
 * basic constraints. A PEM file must hold one certificate and nothing but whitespace around it; DER must be the
 * certificate and nothing more.
 */
export function readCaCertificate(base64: string): CaCertificate | CertificateRefusal {
  const file = Buffer.from(base64, 'base64');
  if (file.length > EXTERNAL_CA_MAX_FILE_BYTES) return { refusal: Messages.externalCaFileTooLarge(EXTERNAL_CA_MAX_FILE_BYTES / 1024) };
  const der = derOf(file);
  if ('refusal' in der) return der;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(der);
  } catch {
    return { refusal: Messages.externalCaNotCertificate };
  }
  if (!certificate.raw.equals(der)) return { refusal: Messages.externalCaNotCertificate };
  if (!certificate.ca) return { refusal: Messages.externalCaNotCa };
  const selfSigned = certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
  return {
    der,
    objectType: selfSigned ? 'RootCA' : 'IntermediateCA',
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    serial: certificate.serialNumber.toUpperCase(),
    notBefore: new Date(certificate.validFrom),
    notAfter: new Date(certificate.validTo),
    sha256Fingerprint: certificate.fingerprint256,
  };
}

function derOf(file: Buffer): Buffer | CertificateRefusal {
  const text = file.toString('latin1');
  if (!text.includes('-----BEGIN')) return file;
  const certificates = certificatesOfPem(text);
  if (!certificates) return { refusal: Messages.externalCaNotCertificate };
  if (certificates.length > 1) return { refusal: Messages.externalCaSeveralCertificates };
  return certificates[0]!.raw;
}

/** Node gives distinguished names one attribute per line ("C=DE\nCN=x"); lists show them on one. */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ');
}
