import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { CloudHsmHost } from './cloud-hsm-host.ts';
import { handleProvisionerJob, provisionerQueue, PROVISIONER_POLICY, type CloudHsmJobDeps, type ProvisionerJob } from './cloud-hsms.jobs.ts';
import * as repo from './cloud-hsms.repository.ts';
import { CLUSTER_SYNC_POLICY, CLUSTER_SYNC_QUEUE, syncCluster, type ClusterSyncJob } from './clusters.jobs.ts';
import * as clustersRepo from './clusters.repository.ts';
import { pinContext } from './pins.ts';
import * as provisionersRepo from './provisioner.repository.ts';
import { provisionerHeartbeat } from '../../platform/metrics.ts';
import { tokenProblem } from './token-problems.ts';

export type ProvisionerAgentOptions = {
  /** How often the provisioner reports it is alive (it is down after a minute without). */
  heartbeatMs: number;
  /** How often each Enabled HSM it hosts is sampled. */
  sampleMs: number;
  /** How often clusters with a member on it are synced. */
  clusterSyncMs: number;
  /** Samples older than this are removed, at most this often. */
  retentionDays: number;
  pruneEveryMs: number;
};

export const DEFAULT_AGENT_OPTIONS: ProvisionerAgentOptions = {
  heartbeatMs: 15_000,
  sampleMs: 30_000,
  clusterSyncMs: 60_000,
  retentionDays: 7,
  pruneEveryMs: 60 * 60_000,
};

export type AgentDeps = Omit<CloudHsmJobDeps, 'drivers'> & { jobs: JobQueue; host: CloudHsmHost; machineName: string; capacity: number; version: string };

export type ProvisionerAgent = {
  /** The provisioner's id as registered now. */
  provisionerId(): string;
  stop(): Promise<void>;
};

/** The built-in provisioner of a machine (MACHINE_NAME): every process on it is the same provisioner, on the same tokens. */
export const builtinProvisionerName = (machineName: string) => `builtin-${machineName}`;

/**
 * The built-in provisioner agent of this server process: registers the provisioner (by name, so a restart is the
 * same provisioner), enters its driver in the host's map, works its queue and the cluster-sync queue, and on timers
 * sends heartbeats, samples its Enabled HSMs' health (pruning old samples) and syncs the clusters with a member on
 * it. A heartbeat re-registers a provisioner the platform removed, and the agent then hosts it under its new id.
 * Stopping waits for a running tick and marks the provisioner stopped; the job queue stops its workers itself.
 */
export async function startProvisionerAgent(deps: AgentDeps, log: FastifyBaseLogger, overrides: Partial<ProvisionerAgentOptions> = {}): Promise<ProvisionerAgent> {
  const options = { ...DEFAULT_AGENT_OPTIONS, ...overrides };
  const registration = {
    name: builtinProvisionerName(deps.machineName),
    kind: deps.host.builtin.kind,
    host: deps.machineName,
    capacity: deps.capacity,
    version: deps.version,
  };
  const jobDeps: CloudHsmJobDeps = { db: deps.db, secretBox: deps.secretBox, auditKey: deps.auditKey, drivers: deps.host.drivers };
  let provisionerId = '';
  /** Registers (or refreshes) the provisioner; under a new id, hosts it and works its queue. */
  const register = async () => {
    const id = await inScope(deps.db, SYSTEM_SCOPE, (tx) => provisionersRepo.register(tx, registration));
    provisionerHeartbeat.setToCurrentTime();
    if (id === provisionerId) return;
    if (provisionerId) {
      log.info({ provisioner: registration.name, previous: provisionerId, id }, 'built-in provisioner registered anew');
      deps.host.drivers.delete(provisionerId);
    }
    provisionerId = id;
    deps.host.drivers.set(id, deps.host.builtin);
    await deps.jobs.work<ProvisionerJob>(provisionerQueue(id), PROVISIONER_POLICY, handleProvisionerJob(jobDeps));
  };
  await register();
  await deps.jobs.work<ClusterSyncJob>(CLUSTER_SYNC_QUEUE, CLUSTER_SYNC_POLICY, async (job, jobId) => {
    await syncCluster(jobDeps, job.clusterId, jobId, log);
  });

  let lastPrune = 0;
  const timers = [
    every(options.heartbeatMs, 'heartbeat', log, register),
    every(options.sampleMs, 'health sampling', log, async () => {
      await sampleHostedHsms(jobDeps, provisionerId, log);
      if (Date.now() - lastPrune >= options.pruneEveryMs) {
        lastPrune = Date.now();
        await inScope(deps.db, SYSTEM_SCOPE, (tx) => repo.pruneSamples(tx, options.retentionDays));
      }
    }),
    every(options.clusterSyncMs, 'cluster sync', log, () => syncHostedClusters(jobDeps, provisionerId, log)),
  ];
  return {
    provisionerId: () => provisionerId,
    async stop() {
      await Promise.all(timers.map((timer) => timer.stop()));
      deps.host.drivers.delete(provisionerId);
      // Down at once rather than after a minute of silence: nothing is placed on a machine that is going away.
      await inScope(deps.db, SYSTEM_SCOPE, (tx) => provisionersRepo.markStopped(tx, provisionerId)).catch((error: unknown) =>
        log.warn({ err: error, provisioner: registration.name }, 'built-in provisioner not marked stopped: it shows down once its heartbeat is a minute old'),
      );
    },
  };
}

/**
 * Samples every Enabled HSM the provisioner hosts, reading the token itself (driver.health: C_GetTokenInfo and an
 * object count), and records each sample; a token that fails is recorded unreachable with why. No transaction is
 * open while a token is read.
 */
export async function sampleHostedHsms(deps: CloudHsmJobDeps, provisionerId: string, log?: FastifyBaseLogger): Promise<number> {
  const driver = deps.drivers.get(provisionerId);
  if (!driver) return 0;
  const hsms = await inScope(deps.db, SYSTEM_SCOPE, (tx) => repo.hsmsOnProvisioner(tx, provisionerId, 'Enabled'));
  let sampled = 0;
  for (const hsm of hsms) {
    if (!hsm.partitionRef || !hsm.userPinSealed) continue;
    const base = { cloudHsmId: hsm.id, accountId: hsm.accountId, sampledAt: new Date() };
    let sample;
    try {
      const health = await driver.health(hsm.partitionRef, deps.secretBox.open(hsm.userPinSealed, pinContext(hsm.id, 'user')));
      sample = {
        ...base,
        reachable: true,
        sessions: health.sessions,
        maxSessions: health.maxSessions,
        freeMemory: health.freeMemory,
        totalMemory: health.totalMemory,
        objects: health.objects,
        secretKeys: health.secretKeys,
        privateKeys: health.privateKeys,
        publicKeys: health.publicKeys,
        certificates: health.certificates,
      };
    } catch (error) {
      log?.warn({ err: error, hsm: hsm.id }, 'cloud HSM health sample failed');
      sample = { ...base, reachable: false, error: tokenProblem(error) };
    }
    await inScope(deps.db, SYSTEM_SCOPE, (tx) => repo.insertSample(tx, sample));
    sampled++;
  }
  return sampled;
}

/** Syncs every cluster with a member on the provisioner. */
export async function syncHostedClusters(deps: CloudHsmJobDeps, provisionerId: string, log?: FastifyBaseLogger): Promise<void> {
  const ids = await inScope(deps.db, SYSTEM_SCOPE, (tx) => clustersRepo.clustersOnProvisioner(tx, provisionerId));
  for (const id of ids) await syncCluster(deps, id, `schedule:${provisionerId}`, log);
}

/** Runs work every ms, never two at once; a failed run is logged and the next goes on. */
function every(ms: number, what: string, log: FastifyBaseLogger, work: () => Promise<void>) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch((err: unknown) => log.warn({ err }, `cloud HSM ${what} failed`))
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
