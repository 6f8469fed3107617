import { hkdfSync } from 'node:crypto';
import { Messages } from '@keydeck/contract/messages';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import type { Config } from './config.ts';
import { parsePostgresUrl } from './db/connection-string.ts';
import { openDatabase } from './db/database.ts';
import { startSyslogDelivery, type DeliveryOptions } from './modules/syslog/syslog.jobs.ts';
import { createAntiForgery } from './platform/anti-forgery.ts';
import { startServiceProvisioning } from './modules/services/services.jobs.ts';
import { startSolutionOnboarding } from './modules/solutions/solutions.jobs.ts';
import { startProvisionerAgent, type ProvisionerAgentOptions } from './modules/cloud-hsms/provisioner-agent.ts';
import { startScheduledReports, type ReportSchedulerOptions } from './modules/scheduled-reports/scheduled-reports.jobs.ts';
import { createJobQueue, type JobQueueOptions } from './platform/job-queue.ts';
import { createMailer } from './platform/mailer.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { openKeystore } from './modules/payment-keys/keystore/open-keystore.ts';
import { startCeremonyExpiry } from './modules/key-ceremonies/key-ceremonies.jobs.ts';
import { loadAuditKey } from './platform/audit-key.ts';
import { checkpointLog } from './platform/audit-checkpoint-log.ts';
import { startAuditCheckpoints } from './modules/audit/audit-checkpoints.ts';
import { createEgress, type Endpoint } from './platform/egress-policy.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { closeToOthers, secureDataDir } from './platform/data-dir.ts';
import { loadEncryptionKey } from './platform/encryption-key.ts';
import { createServiceTokens } from './platform/service-tokens.ts';
import { createCredentialTokens } from './platform/credential-tokens.ts';
import { createSessionStore } from './platform/session-store.ts';
import { startTracing } from './platform/tracing.ts';
import { readVersions } from './versions.ts';

/** config -> database -> migrations -> bootstrap -> app, ready to listen. Shared by main and the tests. */
export async function start(
  config: Config,
  options: {
    inMemory?: boolean;
    syslogDelivery?: Partial<DeliveryOptions>;
    jobQueue?: Partial<JobQueueOptions>;
    scheduledReports?: Partial<ReportSchedulerOptions>;
    /** The built-in cloud HSM provisioner's heartbeat, health sampling and cluster sync intervals. */
    cloudHsms?: Partial<ProvisionerAgentOptions>;
  } = {},
) {
  secureDataDir(config.dataDir);
  const versions = readVersions(config.webDist);
  const stopTracing = await startTracing(config.otlpEndpoint, versions.server);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    databaseReadUrl: config.databaseReadUrl,
    statementTimeoutSeconds: config.databaseStatementTimeoutSeconds,
    dataDir: options.inMemory ? null : config.dataDir,
  });
  // PGlite copies its first files in as 0666, whatever the umask.
  if (database.kind === 'pglite' && !options.inMemory) closeToOthers(`${config.dataDir}/pglite`);
  await database.migrate();
  const boot = await bootstrap(database.db, { username: config.adminUsername, password: config.adminPassword });
  const jobs = createJobQueue(database, options.jobQueue);
  const auditKey = loadAuditKey(config.auditKey, config.dataDir);
  const keystore = await openKeystore(config.keystore, config.dataDir);
  const egress = createEgress(database.db, ownEndpoints(config), Messages.egressRefused);
  const mailer = createMailer(config.mail);
  const secretBox = createSecretBox(await loadEncryptionKey(database.db, config.encryptionKey, config.dataDir));
  const app = await buildApp({
    config,
    database,
    db: database.db,
    sessions: createSessionStore(database, config.session),
    antiForgery: createAntiForgery(boot.antiForgerySecret),
    mailer,
    secretBox,
    auditKey,
    egress,
    // A key of its own for service session tokens, derived so that no new secret needs storing.
    serviceTokens: createServiceTokens(new Uint8Array(hkdfSync('sha256', boot.antiForgerySecret, '', 'keydeck service session tokens', 32))),
    credentialTokens: createCredentialTokens(new Uint8Array(hkdfSync('sha256', boot.antiForgerySecret, '', 'keydeck api credential tokens', 32))),
    oauthCookieKey: Buffer.from(hkdfSync('sha256', boot.antiForgerySecret, '', 'keydeck oauth cookies', 32)).toString('base64url'),
    jobs,
    keystore,
    versions,
  });
  // The last to stop: spans of the shutdown itself are still sent.
  app.addHook('onClose', stopTracing);
  app.addHook('onClose', () => database.close());
  app.addHook('onClose', () => keystore.close());
  // onClose hooks run last-added first: delivery stops (its in-flight batch recorded) before the database closes.
  const syslogDelivery = startSyslogDelivery(database.db, egress, app.log, options.syslogDelivery);
  app.addHook('onClose', () => syslogDelivery.stop());
  const housekeeping = startHousekeeping(database.db, config.session, app.log);
  app.addHook('onClose', () => housekeeping.stop());
  const checkpoints = startAuditCheckpoints(
    { db: database.db, egress, log: checkpointLog(config.dataDir, auditKey), intervalSeconds: config.auditCheckpointSeconds },
    app.log,
  );
  app.addHook('onClose', () => checkpoints.stop());
  // Started before the app serves: a request may queue a job as soon as it listens.
  await jobs.start(app.log);
  await startServiceProvisioning(jobs, database.db, auditKey);
  await startSolutionOnboarding({ db: database.db, jobs, auditKey, keystore, ...config.solutions });
  const cloudHsms = await startProvisionerAgent(
    { db: database.db, jobs, secretBox, auditKey, host: app.cloudHsmHost, machineName: config.machineName, capacity: config.cloudHsm.capacity, version: versions.server },
    app.log,
    options.cloudHsms,
  );
  // Added before the queue's hook, so it stops after the queue: no job of its provisioner is running when it goes.
  app.addHook('onClose', () => cloudHsms.stop());
  app.addHook('onClose', () => jobs.stop());
  // Added after the queue's hook, so it stops first: no look for due reports queues a run into a stopping queue.
  const keyCeremonies = startCeremonyExpiry({ db: database.db, keystore, auditKey }, app.log);
  app.addHook('onClose', () => keyCeremonies.stop());
  const scheduledReports = await startScheduledReports({ db: database.db, jobs, egress, secretBox, mailer, auditKey }, app.log, options.scheduledReports);
  app.addHook('onClose', () => scheduledReports.stop());
  return { app, database, generatedAdminPassword: boot.generatedAdminPassword, scheduledReports, cloudHsms, keyCeremonies };
}

/** The console's own listener and its database: never a tenant's destination. */
function ownEndpoints(config: Config): Endpoint[] {
  const own: Endpoint[] = [{ host: config.host, port: config.port }];
  if (config.databaseUrl) own.push(...parsePostgresUrl(config.databaseUrl).hosts.map(({ host, port }) => ({ host, port })));
  return own;
}
