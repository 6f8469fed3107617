import { BATCH_SIZE } from './devices-batch.mjs';
import { LIST_LOAD } from './devices-load.mjs';
import { SCREEN } from './devices-screen.mjs';
import { SEED } from './devices-seed.mjs';
import { BARE, bareCells } from './list-bare.mjs';
import { TARGETS } from './targets.mjs';
import { exportTable } from './csv-export.mjs';
import { textTable } from './text-table.mjs';

const T = TARGETS.devices;

/** Section 4 of the report: the devices step, both databases side by side. */
export function formatDevices(devices, number) {
  const ran = Object.entries(devices).filter(([, d]) => d);
  if (!ran.length) return [];
  const out = [
    `${number}. Devices: one service with ${SEED.devices.toLocaleString('en-US')} devices, ${SEED.groups.toLocaleString('en-US')} groups, ${SEED.models} models, seeded by SQL ` +
      `(${ran.map(([db, d]) => `${db} ${d.seed ? `${d.seed.seconds.toFixed(0)} s` : 'failed'}`).join(', ')})`,
    `   list GET /rest/api/v1/service/device: autocannon, ${LIST_LOAD.connections} connections, ${LIST_LOAD.seconds} s after ${LIST_LOAD.warmUpSeconds} s, p99;`,
    `   bare: its statements (devices-sql.mjs: group look-up, estimate, count only where small, page) run directly as the application role (row-level security as in a request), p99 of ` +
      `${BARE.loadedRuns} runs from ${BARE.streams} concurrent streams (the same concurrency) and of ${BARE.serialRuns} one at a time, within ${BARE.budgetSeconds} s`,
    `   target: p99 ${Object.entries(T.listP99Ms).map(([db, ms]) => `≤ ${ms} ms on ${db}`).join(', ')} and ≤ ${T.listOverBare}× the bare p99 at the same concurrency; not loaded when its statements take over ${BARE.loadOnlyBelowMs} ms bare one at a time;`,
    `   its statements alone, one at a time: p99 ${Object.entries(T.bareAloneP99Ms).map(([db, ms]) => `≤ ${ms} ms on ${db}`).join(', ')}`,
    '',
    textTable(
      ['request', 'database', 'p99 ms', 'req/s', 'bare p99 ms', 'ratio', 'verdict', 'bare alone p99', 'alone verdict', 'bare runs'],
      ran.flatMap(([database, d]) =>
        Object.entries(d.list).map(([name, { bare, http }]) => {
          const ratio = http?.p99Ms !== undefined && bare?.p99Ms ? http.p99Ms / bare.p99Ms : undefined;
          const pass = http || bare ? http?.p99Ms !== undefined && http.p99Ms <= T.listP99Ms[database] && ratio <= T.listOverBare && !http.failed : undefined;
          const [bareP99, bareAlone, bareRuns] = bareCells(bare);
          const aloneTarget = T.bareAloneP99Ms[database];
          return [
            name,
            database,
            http?.p99Ms ?? (http?.skipped ? 'not loaded' : http ? `none in ${LIST_LOAD.seconds} s` : 'n/a'),
            http?.requestsPerSecond === undefined ? '' : Math.round(http.requestsPerSecond),
            bareP99,
            ratio === undefined ? '' : `${ratio.toFixed(1)}×`,
            verdict(pass) + (http?.failed ? ` (${http.failed} failed)` : ''),
            bareAlone,
            aloneTarget && bare?.serialP99Ms !== undefined ? verdict(bare.serialP99Ms <= aloneTarget) : '',
            bareRuns,
          ];
        }),
      ),
    ),
    '',
    `   CSV export of every device (GET ...?export=true); server RSS from /proc/<pid>/status every 100 ms, growth over the idle server`,
    '   settled after a small warm-up export (rss.mjs), 1 MB = 10^6 bytes',
    '',
    exportTable(ran, T),
    '',
    `   one batch call of ${BATCH_SIZE.toLocaleString('en-US')} named devices, every per-device result checked`,
    '',
    textTable(
      ['call', 'database', 'seconds', 'devices/s', 'target', 'verdict'],
      ran.flatMap(([database, { batch }]) =>
        [
          ['archive (PUT service/device)', batch?.archive],
          ['move (PUT service/device/move)', batch?.move],
        ].map(([call, b]) => [
          call,
          database,
          b ? b.seconds.toFixed(2) : 'n/a',
          b ? Math.round(b.devicesPerSecond).toLocaleString('en-US') : '',
          `≥ ${T.batchDevicesPerSecond.toLocaleString('en-US')}`,
          verdict(b && b.devicesPerSecond >= T.batchDevicesPerSecond),
        ]),
      ),
    ),
    '',
    `   the Remote Devices screen in Chromium (/home/service?section=devices), median and slowest of ${SCREEN.runs} after one to fill the caches`,
    '',
    textTable(
      ['database', 'open until rows ms', 'slowest', 'next page ms', 'slowest', 'target', 'verdict'],
      ran.map(([database, { screen }]) => [
        database,
        screen ? Math.round(screen.open.medianMs) : 'n/a',
        screen ? Math.round(screen.open.maxMs) : '',
        screen ? Math.round(screen.nextPage.medianMs) : '',
        screen ? Math.round(screen.nextPage.maxMs) : '',
        `each < ${T.screenMs} ms`,
        verdict(screen && screen.open.medianMs < T.screenMs && screen.nextPage.medianMs < T.screenMs),
      ]),
    ),
    '',
  ];
  return out;
}

const verdict = (pass) => (pass === undefined || pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');
