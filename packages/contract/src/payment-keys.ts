import { z } from 'zod';
import { estimatedTotal, keysetCursors, keysetQuery, pagingQuery } from './paging.ts';
import { distinctName } from './names.ts';
import { KEY_STATES, keyGroupNameRef } from './payment-keys-queries.ts';

export { KEY_GROUP_NAME_MAX, KEY_STATES, keyGroupNameRef, symmetricKeysQuery, type KeyState, type SymmetricKeysQuery } from './payment-keys-queries.ts';

/**
 * Payment keys of a service (spec §3, §7): key groups and their key retrieval algorithm, symmetric keys with
 * their TR-31 attributes and key check values, and which key a device group loads into which key slot.
 * Key values never travel in answers; only components and key blocks travel in requests.
 */
export const KEY_NAME_MAX = 100;
/** Terminals number their key slots from 0; 0–99 covers every terminal family we load. */
export const KEY_SLOT_MAX = 99;
export const KEY_BATCH_MAX = 100;
/** Key totals are counted up to this; a list with more says "10,000+" (total_capped) and asks for a narrower filter. */
export const KEY_COUNT_CAP = 10_000;
/** Key-slot assignments are counted up to this (a fleet's groups times their slots); more says "10,000+" (total_capped). */
export const KEY_ASSIGNMENT_COUNT_CAP = 10_000;
/** TDES DUKPT numbers terminals in 19 bits of the KSN: a BDK serves at most this many devices. */
export const TDES_DUKPT_DEVICES_MAX = 2 ** 19;

export const KEY_ALGORITHMS = ['TDES_2KEY', 'TDES_3KEY', 'AES_128', 'AES_192', 'AES_256'] as const;
export type KeyAlgorithm = (typeof KEY_ALGORITHMS)[number];
export const KEY_ALGORITHM_LABELS: Record<KeyAlgorithm, string> = {
  TDES_2KEY: 'TDES double length (112-bit)',
  TDES_3KEY: 'TDES triple length (168-bit)',
  AES_128: 'AES-128',
  AES_192: 'AES-192',
  AES_256: 'AES-256',
};
/** An algorithm as the screens and messages name it where space is short (tables, pickers, refusals). */
export const KEY_ALGORITHM_SHORT: Record<KeyAlgorithm, string> = { TDES_2KEY: 'TDES 112-bit', TDES_3KEY: 'TDES 168-bit', AES_128: 'AES-128', AES_192: 'AES-192', AES_256: 'AES-256' };
export const KEY_BYTES: Record<KeyAlgorithm, number> = { TDES_2KEY: 16, TDES_3KEY: 24, AES_128: 16, AES_192: 24, AES_256: 32 };
export const isTdes = (algorithm: KeyAlgorithm): boolean => algorithm.startsWith('TDES');
/** Weakest to strongest (2TDEA 80 bits, 3TDEA 112, then AES), for X9.24's rule that no key is exposed to a weaker one. */
const WEAKEST_FIRST: readonly KeyAlgorithm[] = ['TDES_2KEY', 'TDES_3KEY', 'AES_128', 'AES_192', 'AES_256'];
export const isStrongerThan = (algorithm: KeyAlgorithm, than: KeyAlgorithm): boolean => WEAKEST_FIRST.indexOf(algorithm) > WEAKEST_FIRST.indexOf(than);

/** TR-31 key usages (ASC X9.143 table 6) Keydeck creates keys for. */
export const KEY_USAGES = {
  B0: 'Base derivation key (BDK)',
  B1: 'Initial DUKPT key (IPEK)',
  D0: 'Data encryption',
  K0: 'Key encryption or wrapping (KEK)',
  K1: 'TR-31 key block protection key (KBPK)',
  M3: 'ISO 9797-1 MAC algorithm 3 (retail MAC)',
  M6: 'ISO 9797-1:2011 MAC algorithm 5 (CMAC)',
  P0: 'PIN encryption',
} as const;
export type KeyUsage = keyof typeof KEY_USAGES;
export const KEY_USAGE_CODES = Object.keys(KEY_USAGES) as [KeyUsage, ...KeyUsage[]];

/** TR-31 modes of use (ASC X9.143 table 7). */
export const MODES_OF_USE = {
  B: 'Encrypt, decrypt and wrap',
  C: 'Generate and verify (MAC)',
  D: 'Decrypt and unwrap only',
  E: 'Encrypt and wrap only',
  G: 'Generate only (MAC)',
  N: 'No special restrictions',
  V: 'Verify only (MAC)',
  X: 'Derive other keys',
} as const;
export type ModeOfUse = keyof typeof MODES_OF_USE;
export const MODE_OF_USE_CODES = Object.keys(MODES_OF_USE) as [ModeOfUse, ...ModeOfUse[]];

/** Which modes of use make sense for a usage: the form offers these, the server refuses the rest. */
export const MODES_FOR_USAGE: Record<KeyUsage, ModeOfUse[]> = {
  B0: ['X'],
  B1: ['X'],
  D0: ['B', 'D', 'E'],
  K0: ['B', 'D', 'E'],
  K1: ['B', 'D', 'E'],
  M3: ['C', 'G', 'V'],
  M6: ['C', 'G', 'V'],
  P0: ['B', 'D', 'E'],
};

/**
 * The modes of use (X9.143 table 7) that let a key block protection key (usage K1) wrap or unwrap key blocks; N is
 * "no special restrictions" beyond the usage. The server refuses the others; the pickers offer only these.
 */
export const KBPK_MODES: Record<'wrap' | 'unwrap', readonly ModeOfUse[]> = { wrap: ['B', 'E', 'N'], unwrap: ['B', 'D', 'N'] };

/** TR-31 exportability: E exportable under a KBPK, N never exportable, S exportable under a KBPK it names. */
export const EXPORTABILITY = { E: 'Exportable', N: 'Not exportable', S: 'Sensitive (exportable in a key block only)' } as const;
export type Exportability = keyof typeof EXPORTABILITY;

export const KCV_METHODS = { tdes: 'TDES: zeros encrypted under the key', 'aes-cmac': 'AES-CMAC of zeros (X9.24-1:2017)', 'aes-ecb': 'AES-ECB of zeros (legacy)' } as const;
export type KcvMethod = keyof typeof KCV_METHODS;
export const KEY_ORIGINS = { generated: 'Generated', components: 'Imported from components', key_block: 'Imported from a TR-31 key block' } as const;
export type KeyOrigin = keyof typeof KEY_ORIGINS;

export const KEY_RETRIEVAL_ALGORITHMS = {
  static: 'Static key: every device of the group loads the same key',
  dukpt_tdes: 'TDES DUKPT (ANSI X9.24-1): each device loads an initial key derived from the group BDK and its KSN',
  dukpt_aes: 'AES DUKPT (ANSI X9.24-3): each device loads an initial key derived from the group BDK and its initial key ID',
} as const;
export type KeyRetrievalAlgorithm = keyof typeof KEY_RETRIEVAL_ALGORITHMS;
export const KEY_RETRIEVAL_ALGORITHM_CODES = Object.keys(KEY_RETRIEVAL_ALGORITHMS) as [KeyRetrievalAlgorithm, ...KeyRetrievalAlgorithm[]];

/** The same name as a reference to something that exists: a name stored before the distinct-name rule is still found. */
export const keyNameRef = z
  .string()
  .trim()
  .min(1, 'Enter a key name')
  .max(KEY_NAME_MAX, `A key name has at most ${KEY_NAME_MAX} characters`);
export const keyName = distinctName(keyNameRef);
export const keyGroupName = distinctName(keyGroupNameRef);
/** A key value or component in hex; spaces between groups of digits are allowed, as printed on component forms. */
export const keyHex = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]+$/, 'Enter the value in hexadecimal (0-9, A-F)').max(64, 'A key has at most 64 hex digits'));
export const kcvHex = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{6}$/, 'A KCV is 6 hex digits'));
/** One text for every way a slot is out of range, so the field says the range whatever was typed. */
const KEY_SLOT_RANGE = `A key slot is a whole number from 0 to ${KEY_SLOT_MAX}`;
export const keySlot = z.coerce.number(KEY_SLOT_RANGE).int(KEY_SLOT_RANGE).min(0, KEY_SLOT_RANGE).max(KEY_SLOT_MAX, KEY_SLOT_RANGE);

// ---------------------------------------------------------------- key groups

export const keyGroup = z.object({
  name: z.string(),
  key_retrieval_algorithm: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES),
  key_count: z.number().int().min(0),
  /** The active B0 key a DUKPT group derives from, by name. */
  bdk: z.string().nullable(),
  created_at: z.string(),
});
export type KeyGroup = z.infer<typeof keyGroup>;
export const keyGroupsResponse = z.object({ groups: z.array(keyGroup) });
export const keyGroupsCreateBody = z.object({
  groups: z.array(z.object({ name: keyGroupName, key_retrieval_algorithm: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES).default('static') })).min(1).max(KEY_BATCH_MAX),
});
export const keyGroupsDeleteBody = z.object({ groups: z.array(keyGroupNameRef).min(1).max(KEY_BATCH_MAX) });
/** PUT service/key_groups: changes the key retrieval algorithm of the named groups. */
export const keyGroupsUpdateBody = z.object({
  groups: z.array(keyGroupNameRef).min(1).max(KEY_BATCH_MAX),
  key_retrieval_algorithm: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES),
});

/** Every batch answers one result a row, in the spec's words (§8). */
export const batchResult = z.object({ name: z.string(), success: z.boolean(), message: z.string() });
export type BatchResult = z.infer<typeof batchResult>;
export const batchResponse = z.object({ results: z.array(batchResult) });
export type BatchResponse = z.infer<typeof batchResponse>;

// ---------------------------------------------------------------- symmetric keys

export const symmetricKey = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  algorithm: z.enum(KEY_ALGORITHMS),
  usage: z.enum(KEY_USAGE_CODES),
  mode_of_use: z.enum(MODE_OF_USE_CODES),
  exportability: z.enum(['E', 'N', 'S']),
  version: z.string(),
  state: z.enum(KEY_STATES),
  kcv: z.string(),
  kcv_method: z.enum(['tdes', 'aes-cmac', 'aes-ecb']),
  origin: z.enum(['generated', 'components', 'key_block']),
  keystore: z.enum(['software', 'pkcs11']),
  assignments: z.number().int().min(0),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
});
export type SymmetricKey = z.infer<typeof symmetricKey>;

export const symmetricKeysResponse = z.object({
  data: z.array(symmetricKey),
  /** Counted up to KEY_COUNT_CAP where few keys match (total_capped says there are more), else estimated. */
  total: z.number().int().min(0),
  total_capped: z.boolean(),
  ...estimatedTotal,
  ...keysetCursors,
});

/** What a new key is, however its value comes (generated, combined from components, a ceremony). */
export const keyAttributes = {
  name: keyName,
  group: keyGroupNameRef,
  usage: z.enum(KEY_USAGE_CODES),
  mode_of_use: z.enum(MODE_OF_USE_CODES),
  exportability: z.enum(['E', 'N', 'S']),
  version: z.string().regex(/^[0-9A-Za-z]{2}$/, 'A key version is 2 letters or digits (00 for none)').default('00'),
};
/** One component as its custodian enters it: the value and the KCV printed beside it on their form. */
export const keyComponent = z.object({ value: keyHex, kcv: kcvHex });
export const symmetricKeyCreate = z.discriminatedUnion('source', [
  z.object({ source: z.literal('generate'), algorithm: z.enum(KEY_ALGORITHMS), ...keyAttributes }),
  z.object({
    source: z.literal('components'),
    algorithm: z.enum(KEY_ALGORITHMS),
    ...keyAttributes,
    components: z.array(keyComponent).min(2, 'Enter two or three components').max(3, 'Enter two or three components'),
    /** The combined key's KCV from the ceremony's paperwork, when the custodians have it: checked too. */
    kcv: kcvHex.optional(),
  }),
  z.object({
    source: z.literal('key_block'),
    name: keyName,
    group: keyGroupNameRef,
    key_block: z.string().trim().min(16, 'Paste the whole key block').max(2_000).regex(/^[\x20-\x7E]+$/, 'A key block is printable ASCII'),
    /** The key block protection key (usage K1) in this service that the block is wrapped under, by name. */
    kbpk: keyNameRef,
    kcv: kcvHex.optional(),
  }),
]);
export type SymmetricKeyCreate = z.output<typeof symmetricKeyCreate>;
export const symmetricKeysCreateBody = z.object({ symmetric_keys: z.array(symmetricKeyCreate).min(1).max(KEY_BATCH_MAX) });
export const symmetricKeysCreateResponse = z.object({ results: z.array(batchResult.extend({ key: symmetricKey.optional() })) });
export type SymmetricKeysCreateResponse = z.infer<typeof symmetricKeysCreateResponse>;
export const symmetricKeysDeleteBody = z.object({ symmetric_keys: z.array(keyNameRef).min(1).max(KEY_BATCH_MAX) });
/** PUT service/symmetric_key: a state change, or rotate (new key material, the next version, a new KCV). */
export const symmetricKeysUpdateBody = z.object({
  symmetric_keys: z.array(keyNameRef).min(1).max(KEY_BATCH_MAX),
  action: z.enum(['activate', 'disable', 'retire', 'rotate']),
});
export const symmetricKeyExportBody = z.object({ key: keyNameRef, kbpk: keyNameRef });
export const symmetricKeyExportResponse = z.object({ key_block: z.string(), kcv: z.string(), kbpk_kcv: z.string(), format: z.string() });
export type SymmetricKeyExportResponse = z.infer<typeof symmetricKeyExportResponse>;
export const symmetricKeyHistoryQuery = z.object({ key: keyNameRef });
export const symmetricKeyHistoryResponse = z.object({
  events: z.array(z.object({ action: z.string(), kcv: z.string(), actor: z.string(), detail: z.string(), occurred_at: z.string() })),
  assignments: z.array(z.object({ group: z.string(), key_slot: z.number().int() })),
});

// ---------------------------------------------------------------- utilities

export const symmetricKeyUtilsResponse = z.object({
  algorithms: z.array(z.object({ id: z.enum(KEY_ALGORITHMS), label: z.string(), bytes: z.number().int(), kcv_method: z.enum(['tdes', 'aes-cmac']), kcv_methods: z.array(z.enum(['tdes', 'aes-cmac', 'aes-ecb'])) })),
  usages: z.array(z.object({ code: z.enum(KEY_USAGE_CODES), label: z.string(), modes_of_use: z.array(z.enum(MODE_OF_USE_CODES)) })),
  modes_of_use: z.array(z.object({ code: z.enum(MODE_OF_USE_CODES), label: z.string() })),
  exportability: z.array(z.object({ code: z.enum(['E', 'N', 'S']), label: z.string() })),
  kcv_methods: z.array(z.object({ id: z.enum(['tdes', 'aes-cmac', 'aes-ecb']), label: z.string() })),
  key_retrieval_algorithms: z.array(z.object({ id: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES), label: z.string() })),
  keystore: z.enum(['software', 'pkcs11']),
});
export type SymmetricKeyUtils = z.infer<typeof symmetricKeyUtilsResponse>;
/** POST service/symmetric_key_utils/kcv: one component's KCV, so its custodian can confirm it before the next. */
export const componentKcvBody = z.object({ algorithm: z.enum(KEY_ALGORITHMS), value: keyHex, kcv_method: z.enum(['tdes', 'aes-cmac', 'aes-ecb']).optional() });
export const componentKcvResponse = z.object({ kcv: z.string(), kcv_method: z.enum(['tdes', 'aes-cmac', 'aes-ecb']) });

// ---------------------------------------------------------------- key assignments

export const keyAssignment = z.object({
  group: z.string(),
  key_slot: z.number().int(),
  key: z.string(),
  key_group: z.string(),
  key_retrieval_algorithm: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES),
  algorithm: z.enum(KEY_ALGORITHMS),
  usage: z.enum(KEY_USAGE_CODES),
  kcv: z.string(),
  created_at: z.string(),
});
export type KeyAssignment = z.infer<typeof keyAssignment>;
/** GET service/key_assignment: search matches the device group or key name (a fragment, any case). */
export const keyAssignmentsQuery = pagingQuery(['group', 'key_slot', 'key', 'created_at'], 'group').extend({
  ...keysetQuery,
  group: z.string().trim().max(100).optional(),
});
export type KeyAssignmentsQuery = z.output<typeof keyAssignmentsQuery>;
export const keyAssignmentsResponse = z.object({
  data: z.array(keyAssignment),
  /** Counted up to KEY_ASSIGNMENT_COUNT_CAP where few assignments match (total_capped says there are more), else estimated. */
  total: z.number().int().min(0),
  total_capped: z.boolean(),
  ...estimatedTotal,
  ...keysetCursors,
});
export const keyAssignmentsCreateBody = z.object({
  key_assignments: z.array(z.object({ group: z.string().trim().min(1, 'Choose a device group').max(100), key_slot: keySlot, key: keyNameRef })).min(1).max(KEY_BATCH_MAX),
});
export const keyAssignmentsDeleteBody = z.object({
  key_assignments: z.array(z.object({ group: z.string().trim().min(1).max(100), key_slot: keySlot })).min(1).max(KEY_BATCH_MAX),
});
/**
 * POST service/key_assignment/load: what one device loads into one slot, as a TR-31 key block under a KBPK:
 * the assigned key itself (static group) or the device's initial DUKPT key derived from the group's BDK.
 */
export const keyLoadBody = z.object({ serial: z.string().trim().min(1).max(64), key_slot: keySlot, kbpk: keyNameRef });
export const keyLoadResponse = z.object({
  key_block: z.string(),
  kcv: z.string(),
  /** The device's initial KSN (TDES DUKPT, 10 bytes) or initial key ID (AES DUKPT, 8 bytes), hex; null for a static key. */
  ksn: z.string().nullable(),
  key_retrieval_algorithm: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES),
});
export type KeyLoadResponse = z.infer<typeof keyLoadResponse>;

// ---------------------------------------------------------------- remote key load formats

export const rklExportFormatsQuery = z.object({ account_id: z.string().uuid() });
export const rklExportFormatsResponse = z.object({
  formats: z.array(z.object({ id: z.string(), name: z.string(), kbpk_algorithms: z.array(z.enum(KEY_ALGORITHMS)), description: z.string() })),
});
