/**
 * The SoftHSM2 token worker: a short-lived process that does one operation on one partition and exits. SoftHSM2
 * reads SOFTHSM2_CONF once, at C_Initialize, and a process loads the library once, so each partition's token is
 * reached from a process of its own (the driver starts this file with SOFTHSM2_CONF naming the partition's conf).
 *
 * argv[2] is the PKCS#11 library; the request comes as JSON on stdin, the answer goes as JSON on stdout and nothing
 * else is written there. PINs and key material travel only on stdin, and no answer or error carries them.
 * Node runs this file as it is (type stripping) or bundled: erasable TypeScript only.
 */
import pkcs11js from 'pkcs11js';
import type { PKCS11, Template } from 'pkcs11js';
import type { SecretKeyInfo, TokenHealth, WrappedKey } from '../hsm-driver.ts';
import { SoftHsm2Error } from './softhsm2-error.ts';
import type { SoftHsm2ErrorCode } from './softhsm2-error.ts';
import {
  USAGE_ATTRIBUTES, asBoolean, asNumber, asUser, attributes, constant, findObjects, ignoringErrors, inSession, keyTypeName, keyTypeValue,
  padLabel, secretKeyTemplate, sum, theToken, ulong,
} from './token-session.ts';
import type { Handle } from './token-session.ts';
import type { WorkerAnswer, WorkerRequest, WorkerResults } from './worker-protocol.ts';

const {
  CKA_CLASS, CKA_EXTRACTABLE, CKA_ID, CKA_KEY_TYPE, CKA_LABEL, CKA_PRIVATE, CKA_SENSITIVE, CKA_TOKEN, CKA_UNWRAP, CKA_VALUE, CKA_WRAP,
  CKF_TOKEN_INITIALIZED, CKF_USER_PIN_INITIALIZED, CKK_AES, CKM_AES_KEY_WRAP_PAD,
  CKO_CERTIFICATE, CKO_PRIVATE_KEY, CKO_PUBLIC_KEY, CKO_SECRET_KEY, CKU_SO,
} = pkcs11js;

/** The cluster key as a session object only (gone when the session closes), for wrapping and unwrapping. */
function withClusterKey<T>(p11: PKCS11, session: Handle, clusterKey: string, work: (key: Handle) => T): T {
  const value = Buffer.from(clusterKey, 'base64');
  if (![16, 24, 32].includes(value.length)) throw new SoftHsm2Error('bad_request', 'A cluster key is an AES key of 16, 24 or 32 bytes');
  let key: Handle;
  try {
    key = p11.C_CreateObject(session, [
      { type: CKA_CLASS, value: CKO_SECRET_KEY }, { type: CKA_KEY_TYPE, value: CKK_AES }, { type: CKA_TOKEN, value: false },
      { type: CKA_PRIVATE, value: true }, { type: CKA_SENSITIVE, value: true }, { type: CKA_EXTRACTABLE, value: false },
      { type: CKA_WRAP, value: true }, { type: CKA_UNWRAP, value: true }, { type: CKA_VALUE, value },
    ]);
  } finally {
    value.fill(0);
  }
  try {
    return work(key);
  } finally {
    ignoringErrors(() => p11.C_DestroyObject(session, key));
  }
}

/** RFC 5649 AES key wrap with padding, which SoftHSM2 has since 2.0; a token without it is refused rather than mixed. */
function wrapMechanism(p11: PKCS11, slot: Handle): { mechanism: number } {
  if (!p11.C_GetMechanismList(slot).includes(CKM_AES_KEY_WRAP_PAD)) {
    throw new SoftHsm2Error('pkcs11', 'The token lacks CKM_AES_KEY_WRAP_PAD (AES key wrap with padding)');
  }
  return { mechanism: CKM_AES_KEY_WRAP_PAD };
}

function createPartition(p11: PKCS11, request: Extract<WorkerRequest, { op: 'createPartition' }>): WorkerResults['createPartition'] {
  const paddedLabel = padLabel(request.label);
  const initPin = (slot: Handle) =>
    inSession(p11, slot, { userType: CKU_SO, pin: request.soPin }, (session) => p11.C_InitPIN(session, request.userPin));
  const initialised = p11.C_GetSlotList(true).some((slot) => p11.C_GetTokenInfo(slot).flags & CKF_TOKEN_INITIALIZED);
  if (initialised) {
    const token = theToken(p11);
    if (token.label !== request.label.trimEnd()) throw new SoftHsm2Error('conflict', `The partition already holds the token ${token.label}`);
    // A creation stopped between C_InitToken and C_InitPIN is finished now.
    if (!(token.flags & CKF_USER_PIN_INITIALIZED)) initPin(token.slot);
    return { serial: token.serial };
  }
  const free = p11.C_GetSlotList(true).find((slot) => !(p11.C_GetTokenInfo(slot).flags & CKF_TOKEN_INITIALIZED));
  if (!free) throw new SoftHsm2Error('pkcs11', 'SoftHSM2 offers no free slot to initialise a token in');
  p11.C_InitToken(free, request.soPin, paddedLabel);
  initPin(free);
  return { serial: p11.C_GetTokenInfo(free).serialNumber.trim() };
}

function health(p11: PKCS11, request: Extract<WorkerRequest, { op: 'health' }>): TokenHealth {
  const { slot } = theToken(p11);
  const info = p11.C_GetTokenInfo(slot);
  // CK_EFFECTIVELY_INFINITE (0) is no limit.
  const maxSessions = info.maxSessionCount === 0 ? null : ulong(info.maxSessionCount);
  const classes = inSession(p11, slot, asUser(request.userPin), (session) =>
    findObjects(p11, session, [{ type: CKA_TOKEN, value: true }]).map((object) => asNumber(attributes(p11, session, object, [CKA_CLASS])[0]!)));
  const count = (objectClass: number) => classes.filter((value) => value === objectClass).length;
  return {
    model: info.model.trim(),
    manufacturer: info.manufacturerID.trim(),
    serial: info.serialNumber.trim(),
    firmware: `${info.firmwareVersion.major}.${info.firmwareVersion.minor}`,
    sessions: ulong(info.sessionCount),
    maxSessions,
    freeMemory: sum(ulong(info.freePublicMemory), ulong(info.freePrivateMemory)),
    totalMemory: sum(ulong(info.totalPublicMemory), ulong(info.totalPrivateMemory)),
    objects: classes.length,
    secretKeys: count(CKO_SECRET_KEY),
    privateKeys: count(CKO_PRIVATE_KEY),
    publicKeys: count(CKO_PUBLIC_KEY),
    certificates: count(CKO_CERTIFICATE),
  };
}

function rotateUserPin(p11: PKCS11, request: Extract<WorkerRequest, { op: 'rotateUserPin' }>): null {
  const { slot } = theToken(p11);
  inSession(p11, slot, asUser(request.currentPin), (session) => p11.C_SetPIN(session, request.currentPin, request.newPin));
  return null;
}

function describeKey(p11: PKCS11, session: Handle, object: Handle): SecretKeyInfo {
  const [id, label, keyType, extractable] = attributes(p11, session, object, [CKA_ID, CKA_LABEL, CKA_KEY_TYPE, CKA_EXTRACTABLE]);
  return { id: id!.toString('hex'), label: label!.toString('utf8'), keyType: keyTypeName(asNumber(keyType!)), extractable: asBoolean(extractable!) };
}

function listSecretKeys(p11: PKCS11, request: Extract<WorkerRequest, { op: 'listSecretKeys' }>): SecretKeyInfo[] {
  const { slot } = theToken(p11);
  return inSession(p11, slot, asUser(request.userPin), (session) =>
    findObjects(p11, session, [{ type: CKA_CLASS, value: CKO_SECRET_KEY }, { type: CKA_TOKEN, value: true }])
      .map((object) => describeKey(p11, session, object)));
}

function exportWrapped(p11: PKCS11, request: Extract<WorkerRequest, { op: 'exportWrapped' }>): WrappedKey[] {
  const { slot } = theToken(p11);
  const mechanism = wrapMechanism(p11, slot);
  return inSession(p11, slot, asUser(request.userPin), (session) => withClusterKey(p11, session, request.clusterKey, (clusterKey) =>
    request.keys.map((key) => {
      const found = findObjects(p11, session, secretKeyTemplate(key));
      if (found.length !== 1) {
        throw new SoftHsm2Error(found.length ? 'conflict' : 'key_not_found', `Key ${key.label} (id ${key.id || 'none'}) is ${found.length ? 'on the token more than once' : 'not on the token'}`);
      }
      const object = found[0]!;
      const info = describeKey(p11, session, object);
      if (!info.extractable) throw new SoftHsm2Error('not_extractable', `Key ${key.label} is not extractable: it cannot leave its token`);
      const usage = attributes(p11, session, object, USAGE_ATTRIBUTES.map((name) => constant(name)!));
      const wrapped = Buffer.from(p11.C_WrapKey(session, mechanism, clusterKey, object, Buffer.alloc(8_192)));
      return {
        ...info,
        wrapped: wrapped.toString('base64'),
        attributes: Object.fromEntries(USAGE_ATTRIBUTES.map((name, index) => [name, asBoolean(usage[index]!)])),
      };
    })));
}

function importWrapped(p11: PKCS11, request: Extract<WorkerRequest, { op: 'importWrapped' }>): WorkerResults['importWrapped'] {
  const { slot } = theToken(p11);
  const mechanism = wrapMechanism(p11, slot);
  // Every key checked before the first is made, so a bad request changes nothing.
  const templates = request.keys.map((key): Template => {
    for (const name of Object.keys(key.attributes)) {
      if (!USAGE_ATTRIBUTES.includes(name)) throw new SoftHsm2Error('bad_request', `Key ${key.label}: ${name} is not an attribute a wrapped key may carry`);
    }
    return [
      ...secretKeyTemplate(key),
      { type: CKA_KEY_TYPE, value: keyTypeValue(key.keyType) },
      { type: CKA_PRIVATE, value: true },
      ...Object.entries(key.attributes).map(([name, value]) => ({ type: constant(name)!, value: value === true })),
    ];
  });
  return inSession(p11, slot, asUser(request.userPin), (session) => withClusterKey(p11, session, request.clusterKey, (clusterKey) => {
    let imported = 0;
    request.keys.forEach((key, index) => {
      if (findObjects(p11, session, secretKeyTemplate(key)).length > 0) return;
      p11.C_UnwrapKey(session, mechanism, clusterKey, Buffer.from(key.wrapped, 'base64'), templates[index]!);
      imported++;
    });
    return { imported };
  }));
}

const OPERATIONS: { [Op in keyof WorkerResults]: (p11: PKCS11, request: Extract<WorkerRequest, { op: Op }>) => WorkerResults[Op] } = {
  createPartition, health, rotateUserPin, listSecretKeys, exportWrapped, importWrapped,
};

const PIN_ERRORS: Record<string, { code: SoftHsm2ErrorCode; message: string }> = {
  CKR_PIN_INCORRECT: { code: 'pin_incorrect', message: 'The PIN is incorrect' },
  CKR_PIN_LOCKED: { code: 'pin_locked', message: 'The PIN is locked after too many failed attempts' },
  CKR_PIN_LEN_RANGE: { code: 'pin_invalid', message: 'The token refused the PIN: its length is out of range' },
  CKR_PIN_INVALID: { code: 'pin_invalid', message: 'The token refused the PIN: it has characters the token does not accept' },
};

/** An error as the answer carries it: our own messages, or a PKCS#11 function and its CKR_ name; nothing else. */
function failure(error: unknown, op: string): WorkerAnswer {
  if (error instanceof SoftHsm2Error) return { ok: false, error: { code: error.code, message: error.message } };
  if (error instanceof pkcs11js.Pkcs11Error) {
    const pin = PIN_ERRORS[error.message];
    if (pin) return { ok: false, error: pin };
    return { ok: false, error: { code: 'pkcs11', message: `${op}: ${error.method || 'PKCS#11'} failed with ${error.message}` } };
  }
  // Other errors (a JSON parse error quotes its input) are named by their kind only.
  return { ok: false, error: { code: 'worker', message: `${op}: the token worker failed (${error instanceof Error ? error.name : typeof error})` } };
}

async function main(): Promise<WorkerAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  let request: WorkerRequest;
  try {
    request = JSON.parse(raw.toString('utf8')) as WorkerRequest;
  } catch (error) {
    return failure(error, 'request');
  } finally {
    for (const buffer of [raw, ...chunks]) buffer.fill(0);
  }
  const operation = OPERATIONS[request.op] as ((p11: PKCS11, request: WorkerRequest) => unknown) | undefined;
  if (!operation) return failure(new SoftHsm2Error('bad_request', 'Unknown operation'), 'request');
  const p11 = new pkcs11js.PKCS11();
  try {
    p11.load(process.argv[2] ?? '');
    p11.C_Initialize();
  } catch (error) {
    return failure(error, request.op);
  }
  try {
    return { ok: true, result: operation(p11, request) };
  } catch (error) {
    return failure(error, request.op);
  } finally {
    ignoringErrors(() => p11.C_Finalize());
    ignoringErrors(() => p11.close());
  }
}

process.stdout.write(JSON.stringify(await main()));
