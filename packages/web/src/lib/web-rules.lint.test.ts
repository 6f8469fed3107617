import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web's lint rules on API calls and query keys (eslint.config.js): a feature keys only its own data, under its
 * folder's name; what several read (services, users) is keyed in lib; API paths are never built by hand.
 */
const eslint = new ESLint({ overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const FILE = 'packages/web/src/features/home/api/keys-probe.ts';

async function refusals(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { queryKeys } from '../../../lib/query-keys';\n${source}\n`, { filePath: FILE });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'query-keys/folder-prefix').map((m) => m.message);
}

describe('shared query keys', () => {
  it.each(["export const keys = queryKeys('services');", "export const keys = queryKeys('users', 'own');"])('refuses a feature keying a shared read: %s', async (source) => {
    expect(await refusals(source)).toContainEqual(expect.stringContaining('read in lib'));
  });

  it('allows a feature its own keys, named by its folder', async () => {
    expect(await refusals("export const keys = queryKeys('home');")).toEqual([]);
    expect(await refusals("export const keys = queryKeys('home-recent-events');")).toEqual([]);
  });

  it.each(["export const keys = queryKeys('audit');", "export const keys = queryKeys('homes');"])('refuses a key that does not start with the feature folder: %s', async (source) => {
    expect(await refusals(source)).toEqual([expect.stringContaining("start with its folder's name: 'home'")]);
  });

  it('refuses a hand-built API path in feature code', async () => {
    const source = "import { ApiPath } from '@keydeck/contract/http';\nexport const path = ApiPath.users;";
    expect(await refusals(source)).toEqual([expect.stringContaining('Call a declared endpoint')]);
  });
});
