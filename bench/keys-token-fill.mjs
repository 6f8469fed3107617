import pkcs11js from 'pkcs11js';

const {
  CKA_CLASS, CKA_DECRYPT, CKA_DERIVE, CKA_ENCRYPT, CKA_EXTRACTABLE, CKA_ID, CKA_KEY_TYPE, CKA_LABEL, CKA_PRIVATE, CKA_SENSITIVE,
  CKA_SIGN, CKA_TOKEN, CKA_UNWRAP, CKA_VALUE_LEN, CKA_VERIFY, CKA_WRAP, CKF_RW_SESSION, CKF_SERIAL_SESSION, CKK_AES, CKK_DES2,
  CKM_AES_KEY_GEN, CKM_DES2_KEY_GEN, CKO_SECRET_KEY, CKU_USER,
} = pkcs11js;

// Mirrors keyTemplate and generateSecretKey in packages/server/src/modules/payment-keys/keystore/pkcs11-secret-keys.ts, for
// the two algorithms the crypto bench makes. Keep in step with it: the keystore then finds these keys as its own
// (its KCV step would fail on a key it does not recognise).
const MADE = {
  TDES_2KEY: { keyType: CKK_DES2, mechanism: CKM_DES2_KEY_GEN },
  AES_128: { keyType: CKK_AES, mechanism: CKM_AES_KEY_GEN, valueLength: 16 },
};

const template = ({ id, algorithm, exportable }) => [
  { type: CKA_CLASS, value: CKO_SECRET_KEY },
  { type: CKA_KEY_TYPE, value: MADE[algorithm].keyType },
  { type: CKA_TOKEN, value: true },
  { type: CKA_PRIVATE, value: true },
  { type: CKA_SENSITIVE, value: true },
  { type: CKA_EXTRACTABLE, value: exportable },
  { type: CKA_ID, value: Buffer.from(id, 'utf8') },
  { type: CKA_LABEL, value: id },
  { type: CKA_ENCRYPT, value: true },
  { type: CKA_SIGN, value: true },
  { type: CKA_DECRYPT, value: false },
  { type: CKA_VERIFY, value: false },
  { type: CKA_WRAP, value: false },
  { type: CKA_UNWRAP, value: false },
  { type: CKA_DERIVE, value: false },
  ...(MADE[algorithm].valueLength ? [{ type: CKA_VALUE_LEN, value: MADE[algorithm].valueLength }] : []),
];

/**
 * Generates the remaining keys straight on the token, without the keystore's look-up for an existing key of the
 * same id before each one (on SoftHSM2 that look-up reads every object of the token), so the KCV and wrap steps
 * run on a token holding all the keys. Sets each handle's ref as the keystore would have. No keystore may have
 * the library open: this process initialises and finalises it itself. Stops at `deadline` (performance.now());
 * returns how many keys it made.
 */
export function fillToken({ library, tokenLabel, pin }, handles, deadline) {
  const p11 = new pkcs11js.PKCS11();
  p11.load(library);
  p11.C_Initialize();
  try {
    const slot = p11.C_GetSlotList(true).find((s) => p11.C_GetTokenInfo(s).label.trim() === tokenLabel);
    if (!slot) throw new Error(`no SoftHSM2 token labelled ${tokenLabel}`);
    const session = p11.C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION);
    p11.C_Login(session, CKU_USER, pin);
    let done = 0;
    for (const handle of handles) {
      if (performance.now() > deadline) break;
      p11.C_GenerateKey(session, { mechanism: MADE[handle.algorithm].mechanism }, template(handle));
      handle.ref = `pkcs11:${tokenLabel}:${Buffer.from(handle.id, 'utf8').toString('hex')}`;
      done++;
    }
    p11.C_Logout(session);
    p11.C_CloseSession(session);
    return done;
  } finally {
    p11.C_Finalize();
    p11.close();
  }
}
