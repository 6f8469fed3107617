import { mkdirSync, writeFileSync } from 'node:fs';
import { formatAudit } from './audit-report.mjs';
import { formatDevices } from './devices-report.mjs';
import { formatFailover } from './failover-report.mjs';
import { formatKeys } from './keys-report.mjs';
import { LOAD } from './http-load.mjs';
import { TARGETS } from './targets.mjs';
import { textTable } from './text-table.mjs';

const RESULTS = new URL('./results/', import.meta.url);

/** The human-readable report: one section per measurement, then what could not be measured. */
export function formatReport(results) {
  const { devices, keys, audit, errors, machine } = results;
  const out = [
    `Keydeck bench — ${results.startedAt}, Node ${machine.node}, ${machine.cpus} CPUs, ` +
      `load average ${machine.loadAverageAtStart.toFixed(2)} at start, ${machine.loadAverageAtEnd.toFixed(2)} at end`,
    ...(Math.max(machine.loadAverageAtStart, machine.loadAverageAtEnd) > machine.cpus / 2
      ? ['   the machine was busy with other work: expect noisy figures']
      : []),
    ...(results.only ? [`   only part of the bench ran: BENCH_ONLY=${results.only}`] : []),
    '',
  ];
  if (!results.only || results.only === 'http') out.push(...formatHttp(results));
  out.push(...formatDevices(devices, results.only === 'devices' ? 1 : 4));
  out.push(...formatKeys(keys, results.only === 'keys' ? 1 : 5));
  out.push(...formatAudit(audit, results.only === 'audit' ? 1 : 6));
  out.push(...formatFailover(results.failover, results.only === 'failover' ? 1 : 7));
  if (errors.length) {
    out.push('Could not measure:', ...errors.map((e) => `  - ${e.step}: ${e.message.replaceAll('\n', '\n      ')}`), '');
  }
  return out.join('\n');
}

/** Sections 1 to 3: HTTP load, bundle, Lighthouse. */
function formatHttp({ load, bundle, lighthouse, machine }) {
  const out = [];
  out.push(
    `1. HTTP load, autocannon, ${LOAD.connections} connections, ${LOAD.seconds} s each after a ${LOAD.warmUpSeconds} s warm-up, 127.0.0.1:`,
    '   signed-in GET /rest/api/v1/login; service call GET /rest/api/v1/service/service_user_group/current (live service session);',
    `   limit: plain Fastify plus one indexed session look-up on the same database (target for the signed-in GET: ≥ ${TARGETS.signedInOfLimitPercent} % of it);`,
    `   floor: the statements of one service call (recorded in Keydeck) sent bare by a Fastify route through the same driver (target for the service call: ≥ ${TARGETS.serviceOfFloorPercent} % of it;`,
    '   the floor as a share of the limit shows what its statements cost); bare: plain Fastify',
    '',
    textTable(
      ['database', 'signed-in GET', 'of limit', 'service call', 'of floor', 'floor req/s', 'floor of limit', 'limit req/s', 'bare req/s', 'signed-in p99 ms', 'service p99 ms'],
      Object.entries(load).map(([database, { keydeck, service, floor, limit, bare }]) => [
        database,
        num(keydeck?.requestsPerSecond),
        share(keydeck?.requestsPerSecond, limit?.requestsPerSecond, TARGETS.signedInOfLimitPercent),
        num(service?.requestsPerSecond),
        share(service?.requestsPerSecond, floor?.requestsPerSecond, TARGETS.serviceOfFloorPercent),
        num(floor?.requestsPerSecond),
        share(floor?.requestsPerSecond, limit?.requestsPerSecond),
        num(limit?.requestsPerSecond),
        num(bare?.requestsPerSecond),
        num(keydeck?.p99Ms),
        num(service?.p99Ms),
      ]),
    ),
    '',
  );
  for (const [database, { serviceStatements }] of Object.entries(load)) {
    if (serviceStatements) out.push(`   The service call on ${database} sends ${serviceStatements.length} statements: ${serviceStatements.map((text) => `"${text.slice(0, 30)}…"`).join(', ')}`);
  }
  const postgresJs = load.PostgreSQL?.floorPostgresJs;
  if (postgresJs) {
    const ratio = postgresJs.requestsPerSecond / load.PostgreSQL.floor?.requestsPerSecond;
    out.push(
      `   The same floor through postgres.js instead of node-postgres: ${num(postgresJs.requestsPerSecond)} req/s, ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}× ` +
        `(worth a change of driver at ≥ ${TARGETS.driverChangeFactor}×)`,
      '',
    );
  }
  const two = load.PostgreSQL?.twoWorkers;
  if (two) {
    const factor = (value, one) => (value && one ? `${(value / one).toFixed(2)}× ${value / one >= TARGETS.twoWorkersFactor ? 'PASS' : 'FAIL'}` : 'n/a');
    out.push(
      `   PostgreSQL with WORKERS=2 (target: ≥ ${TARGETS.twoWorkersFactor}× one worker): signed-in GET ${num(two.keydeck?.requestsPerSecond)} req/s, ` +
        `${factor(two.keydeck?.requestsPerSecond, load.PostgreSQL.keydeck?.requestsPerSecond)}; service call ${num(two.service?.requestsPerSecond)} req/s, ` +
        `${factor(two.service?.requestsPerSecond, load.PostgreSQL.service?.requestsPerSecond)}`,
      `   Cores busy during each (of ${load.PostgreSQL.keydeck?.cpu?.cores ?? 'n/a'}; the load generator's share in brackets): one worker ` +
        `${cores(load.PostgreSQL.keydeck)} and ${cores(load.PostgreSQL.service)}, two workers ${cores(two.keydeck)} and ${cores(two.service)}; ` +
        'a second worker can only use what the first left idle',
      '',
    );
  }

  out.push(
    '2. What the browser downloads to show /login (bodies gzipped at level 9, 1 kB = 1000 bytes)',
    '',
    textTable(
      ['asset', 'files', 'gzipped kB', 'target', 'verdict'],
      [
        ['JavaScript', count(bundle, 'js'), kb(bundle?.jsGzipBytes), `≤ ${TARGETS.loginJsGzipBytes / 1000}`, verdict(bundle && bundle.jsGzipBytes <= TARGETS.loginJsGzipBytes)],
        ['CSS', count(bundle, 'css'), kb(bundle?.cssGzipBytes), '', ''],
      ],
    ),
    bundle ? `   server sent: ${bundle.serverEncodings.join(', ')}` : '',
    '',
  );

  out.push(
    `3. Lighthouse ${lighthouse.preset} preset, median of ${lighthouse.runs} runs by performance${machine.chromium ? `, Chromium ${machine.chromium}` : ''}`,
    '',
    textTable(
      ['page', 'performance', 'all runs', 'accessibility', 'LCP', 'TBT', 'target', 'verdict'],
      Object.entries(lighthouse.pages).map(([page, r]) => {
        const target = TARGETS.lighthouse[page];
        return [
          page,
          r?.performance ?? 'n/a',
          r?.performanceRuns.join(' ') ?? '',
          r?.accessibility ?? 'n/a',
          r?.metrics['largest-contentful-paint'],
          r?.metrics['total-blocking-time'],
          target ? [`perf ≥ ${target.performance}`, target.accessibility ? `a11y ${target.accessibility}` : ''].filter(Boolean).join(', ') : 'none',
          target ? verdict(r && r.performance >= target.performance && r.accessibility >= (target.accessibility ?? 0)) : '',
        ];
      }),
    ),
    ...Object.entries(lighthouse.pages)
      .filter(([, r]) => r?.failedAccessibilityAudits.length)
      .map(([page, r]) => `   ${page} accessibility audits failed: ${r.failedAccessibilityAudits.join(', ')}`),
    ...Object.entries(lighthouse.pages)
      .filter(([, r]) => r?.retried.length)
      .map(([page, r]) => `   ${page}: ${r.retried.length} run(s) retried after: ${r.retried.join('; ')}`),
    '',
  );
  return out;
}

export function writeJson(results) {
  mkdirSync(RESULTS, { recursive: true });
  const file = new URL('latest.json', RESULTS);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file.pathname;
}

const num = (n) => (n === undefined ? 'n/a' : Math.round(n).toLocaleString('en-US'));
/** The cores a load kept busy, and the load generator's share of them. */
const cores = (load) => (load?.cpu ? `${load.cpu.busyCores.toFixed(2)} (${load.cpu.loadGeneratorCores.toFixed(2)})` : 'n/a');
const kb = (bytes) => (bytes === undefined ? 'n/a' : (bytes / 1000).toFixed(1));
const count = (bundle, kind) => (bundle ? bundle.files.filter((f) => f.kind === kind).length : 'n/a');
const verdict = (pass) => (pass === undefined || pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');

/** A figure as a share of its limit, with the verdict against the target when it has one. */
function share(value, limit, targetPercent) {
  if (value === undefined || !limit) return 'n/a';
  const percent = (100 * value) / limit;
  return `${percent.toFixed(0)} %${targetPercent === undefined ? '' : percent >= targetPercent ? ' PASS' : ' FAIL'}`;
}
