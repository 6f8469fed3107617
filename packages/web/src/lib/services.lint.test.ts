import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps the shared reads' keys in lib (eslint.config.js): a feature does not key services or users itself. */
const eslint = new ESLint({ overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const FILE = 'packages/web/src/features/home/api/keys-probe.ts';

async function refusals(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { queryKeys } from '../../../lib/query-keys';\n${source}\n`, { filePath: FILE });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('shared query keys', () => {
  it.each(["export const keys = queryKeys('services');", "export const keys = queryKeys('users', 'own');"])('refuses a feature keying a shared read: %s', async (source) => {
    expect(await refusals(source)).toEqual([expect.stringContaining('read in lib')]);
  });

  it('allows a feature its own keys', async () => {
    expect(await refusals("export const keys = queryKeys('home');")).toEqual([]);
  });
});
