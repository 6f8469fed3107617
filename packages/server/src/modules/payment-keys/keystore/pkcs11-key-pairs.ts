import { createHash, createPublicKey } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import pkcs11js from 'pkcs11js';
import type { Template } from 'pkcs11js';
import { KEY_PAIR_SPECS, type DigestAlgorithm, type KeyPairHandle } from '../../../platform/keystore.ts';
import { ignoringErrors, type Handle } from './pkcs11-library.ts';
import type { Pkcs11Token } from './pkcs11-objects.ts';

const {
  CKA_CLASS, CKA_DECRYPT, CKA_DERIVE, CKA_ENCRYPT, CKA_EXTRACTABLE, CKA_ID, CKA_KEY_TYPE, CKA_LABEL, CKA_PRIVATE, CKA_SENSITIVE,
  CKA_SIGN, CKA_TOKEN, CKA_UNWRAP, CKA_VERIFY, CKA_WRAP, CKA_EC_PARAMS, CKA_EC_POINT, CKA_MODULUS, CKA_MODULUS_BITS, CKA_PUBLIC_EXPONENT,
  CKK_EC, CKK_RSA, CKO_PRIVATE_KEY, CKO_PUBLIC_KEY,
  CKM_EC_KEY_PAIR_GEN, CKM_ECDSA, CKM_RSA_PKCS_KEY_PAIR_GEN, CKM_SHA256_RSA_PKCS, CKM_SHA384_RSA_PKCS,
} = pkcs11js;

/**
 * CKA_EC_PARAMS of the curves: the DER of each curve's object identifier (RFC 5480: prime256v1 1.2.840.10045.3.1.7,
 * secp384r1 1.3.132.0.34), the values PKCS#11 documents for named curves.
 */
const EC_PARAMS = { 'P-256': Buffer.from('06082a8648ce3d030107', 'hex'), 'P-384': Buffer.from('06052b81040022', 'hex') } as const;
const RSA_SIGN: Record<DigestAlgorithm, number> = { 'SHA-256': CKM_SHA256_RSA_PKCS, 'SHA-384': CKM_SHA384_RSA_PKCS };

/** A big-endian unsigned integer without leading zero bytes, as JWK wants it. */
function unsigned(value: Buffer): Buffer {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  return value.subarray(start);
}

/**
 * CKA_EC_POINT is the DER OCTET STRING of the uncompressed point (PKCS#11 2.40); some tokens answer the bare point.
 * Answers 04 || X || Y.
 */
function ecPoint(value: Buffer, bytes: number): Buffer {
  const size = 1 + 2 * bytes;
  const point = value.length === size && value[0] === 4 ? value : Buffer.from(AsnConvert.parse(value, OctetString).buffer);
  if (point.length !== size || point[0] !== 4) throw new Error('The HSM token answered an EC point that is not an uncompressed point of the curve');
  return point;
}

/** The private key of a pair on the token, checked to be of the handle's algorithm. */
function findPrivateKey(token: Pkcs11Token, s: Handle, key: KeyPairHandle): Handle {
  const { attribute } = token;
  const object = token.findKeyObject(s, key, CKO_PRIVATE_KEY);
  const spec = KEY_PAIR_SPECS[key.algorithm];
  const keyType = attribute(s, object, CKA_KEY_TYPE);
  const matches = spec.type === 'rsa'
    ? keyType.length > 0 && keyType.readUIntLE(0, Math.min(keyType.length, 6)) === CKK_RSA && unsigned(attribute(s, object, CKA_MODULUS)).length * 8 === spec.bits
    : keyType.length > 0 && keyType.readUIntLE(0, Math.min(keyType.length, 6)) === CKK_EC && attribute(s, object, CKA_EC_PARAMS).equals(EC_PARAMS[spec.curve]);
  if (!matches) throw new Error(`Key ${key.id} on the HSM token is not a ${key.algorithm} key`);
  return object;
}

/** The public key of a pair as DER SubjectPublicKeyInfo, from the token object's attributes (by way of a JWK). */
function spkiOf(token: Pkcs11Token, s: Handle, publicKey: Handle, key: Omit<KeyPairHandle, 'ref'>): Buffer {
  const { attribute } = token;
  const spec = KEY_PAIR_SPECS[key.algorithm];
  if (spec.type === 'rsa') {
    const n = unsigned(attribute(s, publicKey, CKA_MODULUS));
    const e = unsigned(attribute(s, publicKey, CKA_PUBLIC_EXPONENT));
    return createPublicKey({ key: { kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') }, format: 'jwk' }).export({ type: 'spki', format: 'der' });
  }
  const point = ecPoint(attribute(s, publicKey, CKA_EC_POINT), spec.bytes);
  return createPublicKey({
    key: { kty: 'EC', crv: spec.curve, x: point.subarray(1, 1 + spec.bytes).toString('base64url'), y: point.subarray(1 + spec.bytes).toString('base64url') },
    format: 'jwk',
  }).export({ type: 'spki', format: 'der' });
}

/** Generates a pair whose private key stays on the token (sensitive, never extractable); answers its public key as SPKI. */
export function generateKeyPair(token: Pkcs11Token, key: Omit<KeyPairHandle, 'ref'>): { ref: string; publicKeySpki: Buffer } {
  const { p11 } = token;
  const spec = KEY_PAIR_SPECS[key.algorithm];
  const id = Buffer.from(key.id, 'utf8');
  // The public key is a session object, read and dropped: the caller keeps it (in the certificate).
  const publicTemplate: Template = [
    { type: CKA_CLASS, value: CKO_PUBLIC_KEY },
    { type: CKA_KEY_TYPE, value: spec.type === 'rsa' ? CKK_RSA : CKK_EC },
    { type: CKA_TOKEN, value: false },
    { type: CKA_VERIFY, value: true },
    { type: CKA_ENCRYPT, value: false },
    { type: CKA_WRAP, value: false },
    { type: CKA_ID, value: id },
    ...(spec.type === 'rsa'
      ? [{ type: CKA_MODULUS_BITS, value: spec.bits }, { type: CKA_PUBLIC_EXPONENT, value: Buffer.from([1, 0, 1]) }]
      : [{ type: CKA_EC_PARAMS, value: EC_PARAMS[spec.curve] }]),
  ];
  const privateTemplate: Template = [
    { type: CKA_CLASS, value: CKO_PRIVATE_KEY },
    { type: CKA_KEY_TYPE, value: spec.type === 'rsa' ? CKK_RSA : CKK_EC },
    { type: CKA_TOKEN, value: true },
    { type: CKA_PRIVATE, value: true },
    { type: CKA_SENSITIVE, value: true },
    { type: CKA_EXTRACTABLE, value: false },
    { type: CKA_ID, value: id },
    { type: CKA_LABEL, value: key.id },
    { type: CKA_SIGN, value: true },
    { type: CKA_DECRYPT, value: false },
    { type: CKA_UNWRAP, value: false },
    { type: CKA_DERIVE, value: false },
  ];
  const { ref, made } = token.create(key, (s) => {
    const pair = p11.C_GenerateKeyPair(s, { mechanism: spec.type === 'rsa' ? CKM_RSA_PKCS_KEY_PAIR_GEN : CKM_EC_KEY_PAIR_GEN }, publicTemplate, privateTemplate);
    try {
      const spki = spkiOf(token, s, pair.publicKey, key);
      token.remember(key, CKO_PRIVATE_KEY, pair.privateKey);
      return spki;
    } catch (error) {
      ignoringErrors(() => p11.C_DestroyObject(s, pair.privateKey));
      throw error;
    } finally {
      ignoringErrors(() => p11.C_DestroyObject(s, pair.publicKey));
    }
  });
  return { ref, publicKeySpki: made };
}

export function sign(token: Pkcs11Token, key: KeyPairHandle, digest: DigestAlgorithm, data: Buffer): Buffer {
  const { p11 } = token;
  const spec = KEY_PAIR_SPECS[key.algorithm];
  return token.session.run((s) => {
    const object = findPrivateKey(token, s, key);
    if (spec.type === 'rsa') {
      p11.C_SignInit(s, { mechanism: RSA_SIGN[digest] }, object);
      return Buffer.from(p11.C_Sign(s, data, Buffer.alloc(spec.bits / 8)));
    }
    // CKM_ECDSA signs a digest the caller made (tokens differ in which CKM_ECDSA_SHAx they have).
    const hashed = createHash(digest === 'SHA-256' ? 'sha256' : 'sha384').update(data).digest();
    p11.C_SignInit(s, { mechanism: CKM_ECDSA }, object);
    return Buffer.from(p11.C_Sign(s, hashed, Buffer.alloc(2 * spec.bytes)));
  });
}
