/**
 * What a provisioner does to the HSM partitions it hosts. The built-in provisioner drives SoftHSM2 tokens through
 * PKCS#11 (softhsm2/); a real appliance's driver implements the same interface, and nothing above it changes.
 *
 * Every call is idempotent where the provisioning job needs it (createPartition of a partition that exists returns
 * it; destroyPartition of one that is gone succeeds), so a job killed mid-way can run again. PINs and key values
 * pass through as arguments only: a driver never logs or keeps them.
 */
export type PartitionSpec = {
  /** The cloud HSM's id: the driver derives where the partition lives from it. */
  hsmId: string;
  /** The token label the customer selects the partition by (at most 32 characters). */
  label: string;
  soPin: string;
  userPin: string;
};

export type Partition = {
  /** The driver's handle of the partition (SoftHSM2: its token directory), stored with the HSM. */
  ref: string;
  serial: string;
};

/** How a PKCS#11 application reaches the partition. */
export type Connection = {
  /** The PKCS#11 module to load. */
  module: string;
  /** Environment the module needs (SoftHSM2: SOFTHSM2_CONF naming the partition's own configuration). */
  environment: Record<string, string>;
  tokenLabel: string;
  slotId: number | null;
};

/** Read from the token itself: C_GetTokenInfo and, signed in as the user, a count of its objects. */
export type TokenHealth = {
  model: string;
  manufacturer: string;
  serial: string;
  firmware: string;
  /** null where the token does not say (PKCS#11's CK_UNAVAILABLE_INFORMATION; SoftHSM2 never does). */
  sessions: number | null;
  maxSessions: number | null;
  freeMemory: number | null;
  totalMemory: number | null;
  objects: number;
  secretKeys: number;
  privateKeys: number;
  publicKeys: number;
  certificates: number;
};

/** A secret key on a token, as cluster synchronisation sees it (never its value). */
export type SecretKeyInfo = {
  /** CKA_ID in hex ('' when the key has none); with the label it names the key across members. */
  id: string;
  label: string;
  /** CKA_KEY_TYPE, for example 'AES', 'DES3', 'GENERIC_SECRET'. */
  keyType: string;
  /** CKA_EXTRACTABLE: a key that is not cannot leave its token, so it stays on one member. */
  extractable: boolean;
};

/** A secret key wrapped under the cluster key (AES key wrap with padding, RFC 5649) with what it needs to be unwrapped alike. */
export type WrappedKey = SecretKeyInfo & {
  wrapped: string;
  /** The attributes to give the unwrapped key (CKA_ENCRYPT, CKA_SIGN, ... as booleans). */
  attributes: Record<string, boolean>;
};

export interface HsmDriver {
  readonly kind: string;
  createPartition(spec: PartitionSpec): Promise<Partition>;
  /** Zeroizes the partition (every object and its PINs) and frees its storage. */
  destroyPartition(ref: string): Promise<void>;
  connection(ref: string, tokenLabel: string): Connection;
  health(ref: string, userPin: string): Promise<TokenHealth>;
  /** Sets a new user PIN, signed in with the current one. */
  rotateUserPin(ref: string, currentPin: string, newPin: string): Promise<void>;
  /** The partition's whole state as bytes (to be encrypted by the caller), and its restore. */
  backup(ref: string): Promise<Buffer>;
  restore(ref: string, backup: Buffer): Promise<void>;
  listSecretKeys(ref: string, userPin: string): Promise<SecretKeyInfo[]>;
  /** Wraps the named keys (by id and label) under clusterKey, put on the token only as a session object. */
  exportWrapped(ref: string, userPin: string, clusterKey: Buffer, keys: readonly SecretKeyInfo[]): Promise<WrappedKey[]>;
  /** Unwraps the keys onto the token as token objects; a key already there (same id and label) is left alone. */
  importWrapped(ref: string, userPin: string, clusterKey: Buffer, keys: readonly WrappedKey[]): Promise<void>;
}
