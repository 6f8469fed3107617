import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server's version from its package, and the web console's from the version.json its build writes. */
export function readVersions(webDist: string): { server: string; web: string } {
  const server = readJson(new URL('../package.json', import.meta.url).pathname)?.version;
  const web = readJson(join(webDist, 'version.json'))?.version;
  return { server: server ?? 'unknown', web: web ?? 'not built' };
}

function readJson(path: string): { version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { version?: string };
  } catch {
    return undefined;
  }
}
