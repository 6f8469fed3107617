// tsyringe, under @peculiar/x509, needs the Reflect metadata API loaded before it.
import 'reflect-metadata';
import { X509Certificate as NodeX509Certificate, createPublicKey, randomBytes, webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber, id_ce_subjectAltName } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import type { CaKeyUsage, DistinguishedName, ExtendedKeyUsage, RevocationReason } from '@keydeck/contract/certificates';
import { Messages } from '@keydeck/contract/messages';
import { KEY_PAIR_SPECS, type DigestAlgorithm, type KeyPairAlgorithm, type KeyPairHandle, type Keystore } from '../../platform/keystore.ts';

/**
 * X.509 certificates and CRLs, built by @peculiar/x509 (no ASN.1 of ours) and signed by a key the keystore holds.
 *
 * Signing: the library signs through a WebCrypto provider, which X509CertificateGenerator.create and
 * X509CrlGenerator.create take per call. Each signature gets a provider of its own whose subtle.sign hands the
 * to-be-signed bytes to keystore.sign, and a CryptoKey stand-in that carries only the algorithm (so the library
 * writes the matching signatureAlgorithm and turns ECDSA's raw r||s into the DER ECDSA-Sig-Value X.509 wants).
 * The process-wide x509.cryptoProvider is left alone: concurrent requests sign with different keys.
 * Every certificate and CRL is verified against the issuer's public key before it is kept.
 */
export type Signer = { keystore: Keystore; key: KeyPairHandle };

type X509Crypto = NonNullable<Parameters<typeof x509.X509CertificateGenerator.create>[1]>;
type SigningKey = x509.X509CertificateCreateWithKeyParams['signingKey'];
type SigningAlgorithm = { name: 'RSASSA-PKCS1-v1_5'; hash: { name: DigestAlgorithm } } | { name: 'ECDSA'; namedCurve: string; hash: { name: DigestAlgorithm } };

/** RSA keys sign SHA-256 with RSA; EC keys ECDSA with the hash of the curve's strength (P-256 SHA-256, P-384 SHA-384). */
export function signingAlgorithmOf(algorithm: KeyPairAlgorithm): SigningAlgorithm {
  const spec = KEY_PAIR_SPECS[algorithm];
  if (spec.type === 'rsa') return { name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-256' } };
  return { name: 'ECDSA', namedCurve: spec.curve, hash: { name: spec.curve === 'P-384' ? 'SHA-384' : 'SHA-256' } };
}

function keystoreCrypto(signer: Signer): { crypto: X509Crypto; signingKey: SigningKey; signingAlgorithm: SigningAlgorithm } {
  const signingAlgorithm = signingAlgorithmOf(signer.key.algorithm);
  const signingKey = { type: 'private', extractable: false, algorithm: signingAlgorithm, usages: ['sign'] } as unknown as SigningKey;
  const subtle = {
    async sign(_algorithm: unknown, key: SigningKey, data: ArrayBuffer | ArrayBufferView): Promise<ArrayBuffer> {
      if (key !== signingKey) throw new Error('Only the keystore key of this signature signs here');
      const bytes = ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
      const signature = await signer.keystore.sign(signer.key, signingAlgorithm.hash.name, bytes);
      return new Uint8Array(signature).buffer;
    },
    digest: (algorithm: string, data: ArrayBuffer | ArrayBufferView) => webcrypto.subtle.digest(algorithm, data as ArrayBuffer),
  };
  const crypto = { subtle, getRandomValues: <T extends ArrayBufferView>(array: T) => webcrypto.getRandomValues(array as never) as T };
  return { crypto: crypto as unknown as X509Crypto, signingKey, signingAlgorithm };
}

/** A random positive serial of 16 bytes (RFC 5280 allows 20), its first byte 01–7F so it encodes in 16, hex. */
export function randomSerial(): string {
  const serial = randomBytes(16);
  serial[0] = 1 + (serial[0]! % 0x7f);
  return serial.toString('hex').toUpperCase();
}

/** Certificate times have whole seconds; a minute's backdating absorbs clocks a little behind. */
export function validityFrom(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000 - 60_000);
}

export function nameOf(subject: DistinguishedName): x509.Name {
  const parts: [string, string | undefined][] = [
    ['C', subject.country],
    ['ST', subject.state],
    ['L', subject.locality],
    ['O', subject.organization],
    ['OU', subject.organizational_unit],
    ['CN', subject.common_name],
  ];
  return new x509.Name(parts.filter((part): part is [string, string] => Boolean(part[1])).map(([type, value]) => ({ [type]: [value] })));
}

export const parseCertificate = (pem: string) => new x509.X509Certificate(pem);
export const pemOf = (item: { toString(format: 'pem'): string }) => `${item.toString('pem').trim()}\n`;
export const sha256Fingerprint = (certificate: x509.X509Certificate) => new NodeX509Certificate(Buffer.from(certificate.rawData)).fingerprint256;

function keyIdOf(certificate: x509.X509Certificate): string {
  const ski = certificate.getExtension(x509.SubjectKeyIdentifierExtension);
  if (!ski) throw new Error(`The CA certificate ${certificate.subject} has no subject key identifier`);
  return ski.keyId;
}

async function checkedCertificate(certificate: x509.X509Certificate, issuerKey: x509.PublicKey): Promise<x509.X509Certificate> {
  if (!(await certificate.verify({ publicKey: issuerKey, signatureOnly: true }))) {
    throw new Error(`The keystore's signature on ${certificate.subject} does not verify with its issuer's public key`);
  }
  return certificate;
}

/**
 * A CA certificate: self-signed when issuer is null (a root), else signed by the issuer CA's key. Basic
 * constraints CA:TRUE with the path length (critical), the key usage (critical), subject and authority key ids.
 */
export async function caCertificate(input: {
  signer: Signer;
  issuer: x509.X509Certificate | null;
  subject: x509.Name;
  publicKeySpki: Buffer;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  pathLength: number | null;
  keyUsage: CaKeyUsage[];
}): Promise<x509.X509Certificate> {
  const publicKey = new x509.PublicKey(input.publicKeySpki);
  const ski = await x509.SubjectKeyIdentifierExtension.create(publicKey);
  const { crypto, signingKey, signingAlgorithm } = keystoreCrypto(input.signer);
  const usages = input.keyUsage.reduce((flags, usage) => flags | x509.KeyUsageFlags[usage], 0);
  const certificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: input.serial,
      subject: input.subject,
      issuer: input.issuer ? input.issuer.subjectName : input.subject,
      notBefore: input.notBefore,
      notAfter: input.notAfter,
      publicKey,
      signingKey,
      signingAlgorithm,
      extensions: [
        new x509.BasicConstraintsExtension(true, input.pathLength ?? undefined, true),
        new x509.KeyUsagesExtension(usages, true),
        ski,
        new x509.AuthorityKeyIdentifierExtension(input.issuer ? keyIdOf(input.issuer) : ski.keyId),
      ],
    },
    crypto,
  );
  return checkedCertificate(certificate, input.issuer ? input.issuer.publicKey : publicKey);
}

/** A certificate signing request that was read and whose self-signature verifies. */
export type CertificateRequest = {
  request: x509.Pkcs10CertificateRequest;
  subject: string;
  sans: string[];
  sanExtension: x509.SubjectAlternativeNameExtension | null;
  keyAlgorithm: string;
  rsa: boolean;
};

const CSR_BLOCK = /-----BEGIN (NEW )?CERTIFICATE REQUEST-----([A-Za-z0-9+/=\s]*)-----END (NEW )?CERTIFICATE REQUEST-----/g;
const SAN_LABEL: Record<string, string> = { dns: 'DNS', ip: 'IP', email: 'email', url: 'URI' };
const EC_CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

/**
 * Reads one PEM PKCS#10 request: exactly one block, nothing else but whitespace, DER that is the request and no
 * more, an RSA (2048–8192 bits) or EC (P-256/384/521) key, and a self-signature that verifies with that key.
 * Answers the refusal, in the operator's words, otherwise.
 */
export async function readCertificateRequest(pem: string): Promise<CertificateRequest | { refusal: string }> {
  const blocks = [...pem.matchAll(CSR_BLOCK)];
  if (blocks.length > 1) return { refusal: Messages.csrSeveral };
  if (blocks.length === 0 || pem.replace(CSR_BLOCK, '').trim() !== '') return { refusal: Messages.csrMalformed };
  const der = Buffer.from(blocks[0]![2]!.replace(/\s/g, ''), 'base64');
  let request: x509.Pkcs10CertificateRequest;
  try {
    request = new x509.Pkcs10CertificateRequest(der);
    if (!Buffer.from(request.rawData).equals(der)) return { refusal: Messages.csrMalformed };
  } catch {
    return { refusal: Messages.csrMalformed };
  }
  let keyAlgorithm: string;
  let rsa = false;
  try {
    const key = createPublicKey({ key: Buffer.from(request.publicKey.rawData), format: 'der', type: 'spki' });
    const details = key.asymmetricKeyDetails ?? {};
    if (key.asymmetricKeyType === 'rsa' && details.modulusLength && details.modulusLength >= 2048 && details.modulusLength <= 8192) {
      keyAlgorithm = `RSA ${details.modulusLength}`;
      rsa = true;
    } else if (key.asymmetricKeyType === 'ec' && details.namedCurve && EC_CURVES[details.namedCurve]) {
      keyAlgorithm = `EC ${EC_CURVES[details.namedCurve]}`;
    } else {
      const size = details.modulusLength ? ` ${details.modulusLength} bits` : details.namedCurve ? ` ${details.namedCurve}` : '';
      return { refusal: Messages.csrKeyUnsupported(`${key.asymmetricKeyType ?? 'unknown'}${size}`) };
    }
  } catch {
    return { refusal: Messages.csrKeyUnsupported('unreadable') };
  }
  let verified: boolean;
  try {
    verified = await request.verify();
  } catch {
    return { refusal: Messages.csrKeyUnsupported('its signature algorithm') };
  }
  if (!verified) return { refusal: Messages.csrSignatureInvalid };
  const found = request.getExtension(id_ce_subjectAltName);
  const sanExtension = found instanceof x509.SubjectAlternativeNameExtension ? found : null;
  const sans = sanExtension?.names.items.map((name) => `${SAN_LABEL[name.type] ?? name.type}:${name.value}`) ?? [];
  if (!request.subject && sans.length === 0) return { refusal: Messages.csrNamesNothing };
  return { request, subject: request.subject, sans, sanExtension, keyAlgorithm, rsa };
}

/**
 * An end-entity certificate for the request's key: its subject and subject alternative names (critical when the
 * subject is empty, RFC 5280 §4.2.1.6), CA:FALSE, digitalSignature (and keyEncipherment for RSA keys), the
 * extended key usages asked for.
 */
export async function leafCertificate(input: {
  signer: Signer;
  issuer: x509.X509Certificate;
  request: CertificateRequest;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  extendedKeyUsage: ExtendedKeyUsage[];
}): Promise<x509.X509Certificate> {
  const { request } = input;
  const usages = x509.KeyUsageFlags.digitalSignature | (request.rsa ? x509.KeyUsageFlags.keyEncipherment : 0);
  const { crypto, signingKey, signingAlgorithm } = keystoreCrypto(input.signer);
  const certificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: input.serial,
      subject: request.request.subjectName,
      issuer: input.issuer.subjectName,
      notBefore: input.notBefore,
      notAfter: input.notAfter,
      publicKey: request.request.publicKey,
      signingKey,
      signingAlgorithm,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(usages, true),
        ...(input.extendedKeyUsage.length ? [new x509.ExtendedKeyUsageExtension(input.extendedKeyUsage.map((usage) => x509.ExtendedKeyUsage[usage]))] : []),
        ...(request.sanExtension ? [new x509.SubjectAlternativeNameExtension(request.sanExtension.names.toJSON(), !request.subject)] : []),
        await x509.SubjectKeyIdentifierExtension.create(request.request.publicKey),
        new x509.AuthorityKeyIdentifierExtension(keyIdOf(input.issuer)),
      ],
    },
    crypto,
  );
  return checkedCertificate(certificate, input.issuer.publicKey);
}

/** A CRL (v2) of the CA: its number (CRL Number extension), the authority key id, one entry a revoked serial with its reason. */
export async function certificateRevocationList(input: {
  signer: Signer;
  issuer: x509.X509Certificate;
  number: number;
  thisUpdate: Date;
  nextUpdate: Date;
  revoked: { serial: string; revokedAt: Date; reason: RevocationReason }[];
}): Promise<x509.X509Crl> {
  const { crypto, signingKey, signingAlgorithm } = keystoreCrypto(input.signer);
  const crl = await x509.X509CrlGenerator.create(
    {
      issuer: input.issuer.subjectName,
      thisUpdate: input.thisUpdate,
      nextUpdate: input.nextUpdate,
      signingKey,
      signingAlgorithm,
      extensions: [
        new x509.AuthorityKeyIdentifierExtension(keyIdOf(input.issuer)),
        new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(input.number))),
      ],
      // An unspecified reason is left out of its entry, as RFC 5280 §5.3.1 asks.
      entries: input.revoked.map((entry) => ({ serialNumber: entry.serial, revocationDate: entry.revokedAt, reason: x509.X509CrlReason[entry.reason] })),
    },
    crypto,
  );
  if (!(await crl.verify({ publicKey: input.issuer.publicKey }))) throw new Error(`The keystore's signature on the CRL of ${input.issuer.subject} does not verify`);
  return crl;
}

/** A CRL as PEM under the label openssl and RFC 7468 use, X509 CRL (the library's own says CRL). */
export const crlPemOf = (crl: x509.X509Crl) => `${x509.PemConverter.encode(crl.rawData, 'X509 CRL').trim()}\n`;
export const crlDer = (pem: string) => Buffer.from(x509.PemConverter.decode(pem)[0]!);
