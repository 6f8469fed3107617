import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { collectProcessMetrics } from './metrics.ts';

/** The monitoring files operators load (ops/): checked by Prometheus's own tool and against what Keydeck exports. */
const OPS = new URL('../../../../ops/', import.meta.url).pathname;
const RULES = `${OPS}prometheus/keydeck-alerts.yml`;
const DASHBOARD = `${OPS}grafana/keydeck-dashboard.json`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  collectProcessMetrics();
});
afterAll(() => t.close());

function promtool(...args: string[]): string {
  const run = spawnSync('promtool', args, { cwd: `${OPS}prometheus`, encoding: 'utf8', timeout: 60_000 });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

/** The metric names an expression reads (Keydeck's own; `up` is Prometheus's). */
const namesIn = (expr: string) => [...expr.matchAll(/\bkeydeck_[a-z0-9_]+/g)].map(([name]) => name);

describe('the operations files', () => {
  it('alerting rules that Prometheus accepts and that fire on what they are for (promtool test rules)', () => {
    expect(promtool('check', 'rules', RULES)).toContain('SUCCESS: 9 rules found');
    expect(promtool('test', 'rules', 'keydeck-alerts.test.yml')).toContain('SUCCESS');
  });

  it('a dashboard and rules that read only metrics Keydeck exports', async () => {
    const exported = new Set(
      (await client.register.metrics())
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .flatMap((line) => {
          const [, , name, type] = line.split(' ');
          return type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!];
        }),
    );
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const read = [
      ...dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => namesIn(target.expr))),
      ...namesIn(readFileSync(RULES, 'utf8')),
    ];
    expect(read.length).toBeGreaterThan(20);
    expect([...new Set(read)].filter((name) => !exported.has(name))).toEqual([]);
  });
});
