import { z } from 'zod';
import { auditPage } from './audit.ts';
import { isoInstant } from './dates.ts';
import { CLOUD_HSM_STATUSES, type CloudHsmStatus } from './cloud-hsms-queries.ts';
import { pageOf } from './paging.ts';
import { distinctName } from './names.ts';

/**
 * A customer's cloud HSMs (spec §2 .../cloud-provisioning/cloud-hsms, /v2/home/services/cloud-hsm-management/{id}),
 * clusters of them (.../cluster-management/clusters) and the account's cloud landing (/chc). Wire is snake_case;
 * lists answer {data, total}, one item {data}.
 */

// ---- Life cycle and derived states ----

export const CLOUD_HSM_STATUS_LABELS: Record<CloudHsmStatus, string> = {
  PendingProvisioning: 'Pending Provisioning',
  Enabled: 'Enabled',
  Deprovisioning: 'Deprovisioning',
  Deprovisioned: 'Deprovisioned',
  Failed: 'Failed',
};

/** Provisioning's steps in order; an HSM's step is the last one done. */
export const CLOUD_HSM_STEPS = ['requested', 'placed', 'addressed', 'ported', 'token', 'enabled'] as const;
export type CloudHsmStep = (typeof CLOUD_HSM_STEPS)[number];
export const CLOUD_HSM_STEP_LABELS: Record<CloudHsmStep, string> = {
  requested: 'Requested',
  placed: 'Placed on a provisioner',
  addressed: 'Address assigned',
  ported: 'Ports assigned',
  token: 'Token created',
  enabled: 'Enabled',
};

/**
 * Health as the console shows it, derived (never stored): Unreachable when the HSM's provisioner is down (no
 * heartbeat for a minute) or its last sample could not reach the token, Unknown before the first sample.
 */
export const CLOUD_HSM_HEALTH_STATES = ['Healthy', 'Unreachable', 'Unknown'] as const;
export type CloudHsmHealthState = (typeof CLOUD_HSM_HEALTH_STATES)[number];

/** A provisioner is Up while its last heartbeat is under a minute old and its server has not stopped. */
export const PROVISIONER_STATES = ['Up', 'Down'] as const;
export type ProvisionerState = (typeof PROVISIONER_STATES)[number];

export const CLUSTER_MEMBER_STATUSES = ['Joining', 'InSync', 'Failed'] as const;
export type ClusterMemberStatus = (typeof CLUSTER_MEMBER_STATUSES)[number];
export const CLUSTER_MEMBER_STATUS_LABELS: Record<ClusterMemberStatus, string> = { Joining: 'Joining', InSync: 'In sync', Failed: 'Failed' };

/** The health series answers at most this many points (evenly thinned), by default for the last 6 hours. */
export const HEALTH_SERIES_MAX_POINTS = 2000;
export const HEALTH_SERIES_DEFAULT_HOURS = 6;
export const BACKUP_PASSPHRASE_MIN_LENGTH = 12;
/** A token label holds at most 32 characters: the HSM's name is its token label. */
export const CLOUD_HSM_NAME_MAX_LENGTH = 32;

/** Every user-visible text of this area, once, so the server, the screens and the tests say the same words. */
export const CloudHsmMessages = {
  hsmNotFound: 'No such cloud HSM exists: the link may be mistyped, or the HSM is gone.',
  nameFormat: 'Use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit',
  nameTaken: (name: string) => `A cloud HSM named ${name} already exists in this service`,
  blueprintUnknown: 'Choose one of the offered blueprints',
  zoneUnknown: 'Choose one of the offered locations',
  blueprintNotInZone: (blueprint: string, zone: string) => `Blueprint ${blueprint} is not offered in zone ${zone}`,
  noProvisioner: (zone: string) => `No provisioner has room for a new HSM in zone ${zone}`,
  noSeat: (model: string) => `No license seat free for model ${model}`,
  noAddress: (zone: string) => `No free address in zone ${zone}`,
  noPorts: (needed: number) => `Not enough free ports in the account's port ranges: ${needed} needed`,
  provisioningGaveUp: (reason: string) => `Provisioning failed: ${reason}`,
  confirmName: "Type the HSM's name to confirm",
  inCluster: (cluster: string) => `The HSM is a member of cluster ${cluster}: remove it from the cluster first`,
  alreadyDeprovisioning: 'The HSM is already being deprovisioned',
  alreadyDeprovisioned: 'The HSM is already deprovisioned',
  notEnabled: 'The HSM is not enabled',
  pinsShown: 'The PINs were shown once; rotate the user PIN to get a new one',
  backupNotAllowed: "This HSM's blueprint does not allow backups",
  passphraseShort: `The passphrase must be at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters`,
  backupUnreadable: 'The backup could not be opened: check the passphrase, and that the file is a backup of this HSM',
  provisionerUnreachable: "The HSM's provisioner cannot be reached from this server. Try again later.",
  tokenUnreachable: 'The HSM did not answer. Try again later.',
  provisionerDown: 'Its provisioner is down',
  clusterNameTaken: (name: string) => `A cluster named ${name} already exists in this service`,
  clusterMemberNotEnabled: 'Only enabled cloud HSMs can join a cluster',
  clusterMemberElsewhere: (cluster: string) => `The HSM is already a member of cluster ${cluster}`,
  clusterNotMember: 'The HSM is not a member of this cluster',
  clusterHasMembers: (members: number) => `The cluster has ${members} member(s): confirm to delete it and release them`,
} as const;

const id = z.string().uuid();
const nullableInt = z.number().int().nullable();

// ---- Paths' parameters ----

/** A service of the account: a cloud_hsms service for cloud HSMs, a cluster_management service for clusters. */
export const cloudHsmsParams = z.object({ account_id: id, service_id: id });
export const cloudHsmParams = z.object({ hsm_id: id });
export const clustersParams = cloudHsmsParams;
export const clusterParams = z.object({ cluster_id: id });
export const clusterMemberParams = z.object({ cluster_id: id, hsm_id: id });
export const cloudOverviewParams = z.object({ account_id: id });

// ---- Cloud HSMs ----

export const cloudHsmPort = z.object({
  port: z.number().int(),
  /** 'pkcs11', then 'admin', then 'port-3', 'port-4'... */
  purpose: z.string(),
});
export type CloudHsmPort = z.infer<typeof cloudHsmPort>;

/** One HSM in a list. */
export const cloudHsmSummary = z.object({
  id: z.string(),
  account_id: z.string(),
  service_id: z.string(),
  name: z.string(),
  status: z.enum(CLOUD_HSM_STATUSES),
  status_label: z.string(),
  step: z.enum(CLOUD_HSM_STEPS),
  step_label: z.string(),
  blueprint: z.object({ id: z.string(), name: z.string(), model: z.string() }),
  /** The IPAM zone it was placed in and where that is. */
  zone: z.object({ id: z.string(), name: z.string(), datacenter_name: z.string(), location: z.string() }),
  address: z.string().nullable(),
  ports: z.array(cloudHsmPort),
  health_state: z.enum(CLOUD_HSM_HEALTH_STATES),
  /** Why it is Failed. */
  failure: z.string().nullable(),
  cluster: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  provisioned_at: z.string().nullable(),
  deprovisioned_at: z.string().nullable(),
});
export type CloudHsmSummary = z.infer<typeof cloudHsmSummary>;

/** One health sample, read from the token itself (C_GetTokenInfo and an object count). */
export const cloudHsmHealthSample = z.object({
  sampled_at: z.string(),
  reachable: z.boolean(),
  sessions: nullableInt,
  max_sessions: nullableInt,
  free_memory: nullableInt,
  total_memory: nullableInt,
  objects: nullableInt,
  /** Objects by class: what the token holds. */
  secret_keys: nullableInt,
  private_keys: nullableInt,
  public_keys: nullableInt,
  certificates: nullableInt,
  /** Why the token could not be read. */
  error: z.string().nullable(),
});
export type CloudHsmHealthSample = z.infer<typeof cloudHsmHealthSample>;

/** How a PKCS#11 application reaches the HSM: load `module` with `environment` set, select the token by label. */
export const cloudHsmConnection = z.object({
  module: z.string(),
  environment: z.record(z.string(), z.string()),
  token_label: z.string(),
  slot_id: nullableInt,
  address: z.string().nullable(),
  /** The port of purpose 'pkcs11'. */
  pkcs11_port: nullableInt,
});
export type CloudHsmConnection = z.infer<typeof cloudHsmConnection>;

/** One HSM with what its management page shows. */
export const cloudHsmDetail = cloudHsmSummary.extend({
  provisioner: z.object({ id: z.string(), name: z.string(), state: z.enum(PROVISIONER_STATES), last_heartbeat_at: z.string() }).nullable(),
  token_label: z.string(),
  token_serial: z.string().nullable(),
  /** Once the token exists. */
  connection: cloudHsmConnection.nullable(),
  latest_sample: cloudHsmHealthSample.nullable(),
  /** Partitions of the blueprint. */
  partitions: z.number().int(),
  /** Objects on the token at the latest sample that reached it. */
  objects: nullableInt,
  /** The PINs were answered once already. */
  pins_shown: z.boolean(),
  /** The blueprint's policies allow backing up and restoring the token. */
  backup_allowed: z.boolean(),
});
export type CloudHsmDetail = z.infer<typeof cloudHsmDetail>;

export const cloudHsmsPage = pageOf(cloudHsmSummary);
export type CloudHsmsPage = z.infer<typeof cloudHsmsPage>;

export const cloudHsmName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(CLOUD_HSM_NAME_MAX_LENGTH, `At most ${CLOUD_HSM_NAME_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, CloudHsmMessages.nameFormat);

/** Request a cloud HSM: a blueprint of the catalogue and a zone it is offered in (ApiPath.cloudCatalogue). */
export const cloudHsmRequestBody = z.object({ name: cloudHsmName, blueprint_id: id, zone_id: id });
export type CloudHsmRequest = z.infer<typeof cloudHsmRequestBody>;
export const cloudHsmResponse = z.object({ data: cloudHsmDetail });
export type CloudHsmResponse = z.infer<typeof cloudHsmResponse>;

/** Deprovisioning zeroizes the token: the caller types the HSM's name to confirm. */
export const cloudHsmDeprovisionBody = z.object({ confirm_name: z.string().max(200) });

export const cloudHsmHealthQuery = z.object({ since: isoInstant().optional() });
export const cloudHsmHealthResponse = z.object({ data: z.array(cloudHsmHealthSample) });
export type CloudHsmHealthResponse = z.infer<typeof cloudHsmHealthResponse>;

export const cloudHsmAuditPage = auditPage;

/** Answered once: the first call after provisioning. */
export const cloudHsmPins = z.object({ so_pin: z.string(), user_pin: z.string() });
export const cloudHsmPinsResponse = z.object({ data: cloudHsmPins });
export type CloudHsmPinsResponse = z.infer<typeof cloudHsmPinsResponse>;
/** The new user PIN, answered once. */
export const cloudHsmUserPinResponse = z.object({ data: z.object({ user_pin: z.string() }) });
export type CloudHsmUserPinResponse = z.infer<typeof cloudHsmUserPinResponse>;

const passphrase = z.string().min(BACKUP_PASSPHRASE_MIN_LENGTH, CloudHsmMessages.passphraseShort).max(1024);
export const cloudHsmBackupBody = z.object({ passphrase });
/** An encrypted backup file: content is its bytes in base64. */
export const cloudHsmBackupFile = z.object({ file_name: z.string(), content: z.string() });
export type CloudHsmBackupFile = z.infer<typeof cloudHsmBackupFile>;
export const cloudHsmBackupResponse = z.object({ data: cloudHsmBackupFile });
export const cloudHsmRestoreBody = z.object({
  passphrase,
  content: z
    .string()
    .min(1, 'Choose a backup file')
    .max(1_000_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'The backup file is not base64'),
});
/** A backup that opens with its passphrase for this HSM, checked before the restore is confirmed: when it was made. */
export const cloudHsmBackupCheckResponse = z.object({ data: z.object({ created_at: z.string() }) });

// ---- Clusters ----

export const clusterMember = z.object({
  hsm_id: z.string(),
  hsm_name: z.string(),
  hsm_status: z.enum(CLOUD_HSM_STATUSES),
  health_state: z.enum(CLOUD_HSM_HEALTH_STATES),
  address: z.string().nullable(),
  status: z.enum(CLUSTER_MEMBER_STATUSES),
  status_label: z.string(),
  /** Secret keys on the member at its last sync. */
  keys: z.number().int(),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  joined_at: z.string(),
});
export type ClusterMember = z.infer<typeof clusterMember>;

export const cluster = z.object({
  id: z.string(),
  account_id: z.string(),
  service_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_sync_at: z.string().nullable(),
  member_count: z.number().int(),
  members: z.array(clusterMember),
});
export type Cluster = z.infer<typeof cluster>;

export const clustersPage = pageOf(cluster);
export type ClustersPage = z.infer<typeof clustersPage>;
export const clusterName = distinctName(z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters'));
export const clusterCreateBody = z.object({ name: clusterName });
export const clusterResponse = z.object({ data: cluster });
export type ClusterResponse = z.infer<typeof clusterResponse>;
/** A cluster with members is deleted only with confirm: true (its members stay, released); no body is no confirmation. */
export const clusterDeleteBody = z.object({ confirm: z.boolean().default(false) }).nullish();
export const clusterMemberAddBody = z.object({ hsm_id: id });

/** An HSM that may join a cluster: Enabled, of the account, in no cluster. */
export const clusterCandidate = z.object({ id: z.string(), name: z.string(), service_id: z.string(), address: z.string().nullable() });
export const clusterMembersResponse = z.object({ data: z.array(clusterMember), candidates: z.array(clusterCandidate) });
export type ClusterMembersResponse = z.infer<typeof clusterMembersResponse>;

// ---- The account's cloud landing (/chc) ----

export const cloudOverview = z.object({
  hsms: z.object({
    /** Every HSM not Deprovisioned; by_status counts the Deprovisioned too, by_health does not. */
    total: z.number().int(),
    by_status: z.record(z.enum(CLOUD_HSM_STATUSES), z.number().int()),
    by_health: z.record(z.enum(CLOUD_HSM_HEALTH_STATES), z.number().int()),
  }),
  clusters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      service_id: z.string(),
      member_count: z.number().int(),
      members_by_status: z.record(z.enum(CLUSTER_MEMBER_STATUSES), z.number().int()),
      last_sync_at: z.string().nullable(),
    }),
  ),
  /** HSMs being provisioned or deprovisioned now, oldest first. */
  in_flight: z.array(
    z.object({
      hsm_id: z.string(),
      name: z.string(),
      service_id: z.string(),
      kind: z.enum(['provision', 'deprovision']),
      status: z.enum(CLOUD_HSM_STATUSES),
      step: z.enum(CLOUD_HSM_STEPS),
      step_label: z.string(),
      queued_at: z.string(),
      started_at: z.string().nullable(),
      attempts: z.number().int(),
    }),
  ),
});
export type CloudOverview = z.infer<typeof cloudOverview>;
export const cloudOverviewResponse = z.object({ data: cloudOverview });
