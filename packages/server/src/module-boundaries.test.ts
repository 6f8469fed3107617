import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps modules apart (eslint.config.js, moduleZones): a module reaches another only through
 * its service. Lints a file placed in the service-features module; cycles are off, they would walk the graph.
 */
const eslint = new ESLint({ overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const FILE = 'packages/server/src/modules/service-features/boundary-probe.ts';

async function refusals(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: FILE });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('module boundaries', () => {
  it.each([
    "import '../service-addresses/service-addresses.repository.ts';",
    "import '../services/services.jobs.ts';",
    "import '../devices/devices.routes.ts';",
    "import '../syslog/rfc5424.ts';",
  ])('refuses another module’s repository, jobs, routes or other files: %s', async (source) => {
    expect(await refusals(source)).toEqual([expect.stringContaining('only another module’s service')]);
  });

  it('allows another module’s service and the module’s own files', async () => {
    expect(await refusals("import '../services/services.service.ts';\nimport './service-features.service.ts';")).toEqual([]);
  });
});
