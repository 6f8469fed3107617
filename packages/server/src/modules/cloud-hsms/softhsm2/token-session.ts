/**
 * What the token worker's operations share: finding the partition's one token, sessions signed in as the user or
 * the SO, object searches and attribute reads, and PKCS#11 names (key types, usage attributes) both ways.
 */
import pkcs11js from 'pkcs11js';
import type { PKCS11, Template } from 'pkcs11js';
import type { SecretKeyInfo } from '../hsm-driver.ts';
import { SoftHsm2Error } from './softhsm2-error.ts';

export type Handle = Buffer;

const { CKA_CLASS, CKA_ID, CKA_LABEL, CKA_TOKEN, CKF_RW_SESSION, CKF_SERIAL_SESSION, CKF_TOKEN_INITIALIZED, CKO_SECRET_KEY, CKR_USER_ALREADY_LOGGED_IN, CKU_USER } = pkcs11js;

/** The usage attributes a wrapped key carries to its unwrapped copy, by their PKCS#11 names. */
export const USAGE_ATTRIBUTES = ['CKA_ENCRYPT', 'CKA_DECRYPT', 'CKA_SIGN', 'CKA_VERIFY', 'CKA_WRAP', 'CKA_UNWRAP', 'CKA_DERIVE', 'CKA_SENSITIVE', 'CKA_EXTRACTABLE'];
export const constant = (name: string): number | undefined => (pkcs11js as unknown as Record<string, unknown>)[name] as number | undefined;
/** Secret key types by name (CKK_ without its prefix); a type not listed shows as its number in hex. */
const KEY_TYPE_NAMES = [
  'GENERIC_SECRET', 'AES', 'DES', 'DES2', 'DES3', 'RC2', 'RC4', 'RC5', 'CAST', 'CAST3', 'CAST128', 'IDEA', 'SKIPJACK', 'BATON', 'JUNIPER',
  'CDMF', 'BLOWFISH', 'TWOFISH', 'SECURID', 'HOTP', 'ACTI', 'CAMELLIA', 'ARIA', 'SEED', 'GOST28147',
  'MD5_HMAC', 'SHA_1_HMAC', 'SHA224_HMAC', 'SHA256_HMAC', 'SHA384_HMAC', 'SHA512_HMAC', 'RIPEMD128_HMAC', 'RIPEMD160_HMAC',
];
const KEY_TYPES = new Map(KEY_TYPE_NAMES.flatMap((name) => {
  const value = constant(`CKK_${name}`);
  return value === undefined ? [] : [[name, value] as const];
}));
export const keyTypeName = (value: number): string => [...KEY_TYPES].find(([, type]) => type === value)?.[0] ?? `0x${value.toString(16)}`;
export const keyTypeValue = (name: string): number => {
  const value = KEY_TYPES.get(name) ?? (/^0x[0-9a-f]+$/.test(name) ? Number.parseInt(name, 16) : undefined);
  if (value === undefined) throw new SoftHsm2Error('bad_request', `Unknown key type ${name}`);
  return value;
};

/** PKCS#11 2.40: CK_UNAVAILABLE_INFORMATION is ~0 (pkcs11js answers it as 2^64-1, or 2^32-1 for session counts). */
export const ulong = (value: number | bigint): number | null =>
  value === 0xffff_ffff || value === 0xffff_ffff_ffff_ffffn ? null : Number(value);
export const sum = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

/** A PKCS#11 label: UTF-8, at most 32 bytes, padded with blanks (C_InitToken reads exactly 32 bytes). */
export function padLabel(label: string): string {
  const bytes = Buffer.byteLength(label, 'utf8');
  if (!label.trim() || bytes > 32) throw new SoftHsm2Error('bad_request', 'A token label has 1 to 32 bytes');
  return label + ' '.repeat(32 - bytes);
}

export function theToken(p11: PKCS11): { slot: Handle; label: string; serial: string; flags: number } {
  const tokens = p11.C_GetSlotList(true)
    .map((slot) => ({ slot, info: p11.C_GetTokenInfo(slot) }))
    .filter(({ info }) => info.flags & CKF_TOKEN_INITIALIZED);
  if (tokens.length === 0) throw new SoftHsm2Error('no_token', 'The partition holds no initialised token');
  if (tokens.length > 1) throw new SoftHsm2Error('conflict', 'The partition holds more than one token');
  const { slot, info } = tokens[0]!;
  return { slot, label: info.label.trimEnd(), serial: info.serialNumber.trim(), flags: info.flags };
}

function login(p11: PKCS11, session: Handle, userType: number, pin: string): void {
  try {
    p11.C_Login(session, userType, pin);
  } catch (error) {
    if (!(error instanceof pkcs11js.Pkcs11Error && error.code === CKR_USER_ALREADY_LOGGED_IN)) throw error;
  }
}

/** Runs work in a read-write session on the token, signed in as the user (or the SO) when a PIN is given. */
export function inSession<T>(p11: PKCS11, slot: Handle, signIn: { userType: number; pin: string } | null, work: (session: Handle) => T): T {
  const session = p11.C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION);
  try {
    if (signIn) login(p11, session, signIn.userType, signIn.pin);
    return work(session);
  } finally {
    if (signIn) ignoringErrors(() => p11.C_Logout(session));
    ignoringErrors(() => p11.C_CloseSession(session));
  }
}

export const asUser = (pin: string) => ({ userType: CKU_USER, pin });

export function ignoringErrors(work: () => void): void {
  try {
    work();
  } catch {
    // Closing what is already closed.
  }
}

export function findObjects(p11: PKCS11, session: Handle, template: Template): Handle[] {
  const found: Handle[] = [];
  p11.C_FindObjectsInit(session, template);
  try {
    for (let batch = p11.C_FindObjects(session, 1_000); batch.length > 0; batch = p11.C_FindObjects(session, 1_000)) found.push(...batch);
  } finally {
    p11.C_FindObjectsFinal(session);
  }
  return found;
}

export function attributes(p11: PKCS11, session: Handle, object: Handle, types: number[]): Buffer[] {
  return p11.C_GetAttributeValue(session, object, types.map((type) => ({ type }))).map(({ value }) => (value as Buffer | undefined) ?? Buffer.alloc(0));
}

export const asNumber = (value: Buffer): number => (value.length ? value.readUIntLE(0, Math.min(value.length, 6)) : -1);
export const asBoolean = (value: Buffer): boolean => value.length > 0 && value[0] !== 0;

/** The search for a secret token object by CKA_ID (hex; '' for none) and CKA_LABEL. */
export function secretKeyTemplate(key: Pick<SecretKeyInfo, 'id' | 'label'>): Template {
  // Buffer.from would read bad hex as fewer bytes, or none: another key's id, or the keys without one.
  if (!/^(?:[0-9a-f]{2})*$/i.test(key.id)) throw new SoftHsm2Error('bad_request', `Key ${key.label}: its id ${key.id} is not hex`);
  return [
    { type: CKA_CLASS, value: CKO_SECRET_KEY },
    { type: CKA_TOKEN, value: true },
    { type: CKA_ID, value: Buffer.from(key.id, 'hex') },
    { type: CKA_LABEL, value: key.label },
  ];
}
