import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

/** A named profile: which server, which API credential (or a browser sign-in), the service in use. */
const profile = z.object({
  url: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  /** The OAuth client (a public one, loopback redirect) and scopes of `keydeck login`, remembered for the next one. */
  oauth_client_id: z.string().optional(),
  scope: z.string().optional(),
  /** The service chosen with `keydeck service use`. */
  service: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type Profile = z.infer<typeof profile>;

const configFile = z.object({ profiles: z.record(z.string(), profile).default({}) });
export type ConfigFile = z.infer<typeof configFile>;

/** A profile's cached tokens: an access token and, after a browser sign-in, the refresh token that renews it. */
const tokenCache = z.object({
  url: z.string(),
  /** The API credential it was issued to, or the OAuth client of a browser sign-in. */
  client_id: z.string(),
  kind: z.enum(['credential', 'oauth']),
  access_token: z.string(),
  expires_at: z.number(),
  refresh_token: z.string().optional(),
});
export type TokenCache = z.infer<typeof tokenCache>;

/** ~/.config/keydeck/config.json, or KEYDECK_CONFIG (the tests' own), or under XDG_CONFIG_HOME. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KEYDECK_CONFIG) return env.KEYDECK_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'keydeck', 'config.json');
}

/** A file holding secrets, or undefined when there is none; refused when others may read it, as ssh refuses a key. */
function readPrivate(path: string): unknown {
  if (!existsSync(path)) return undefined;
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077) {
    throw new CliError(`${path} is readable by others (mode ${mode.toString(8)}): it holds secrets, run chmod 600 ${path}`, ExitCode.usage);
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    throw new CliError(`${path} is not valid JSON`, ExitCode.usage);
  }
}

/** Written 0600 from the start (a temporary file renamed over), in a directory only its owner may enter. */
function writePrivate(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export class ConfigStore {
  constructor(readonly path: string) {}

  read(): ConfigFile {
    const parsed = configFile.safeParse(readPrivate(this.path) ?? {});
    if (!parsed.success) throw new CliError(`${this.path} does not hold keydeck profiles: ${parsed.error.issues[0]?.message}`, ExitCode.usage);
    return parsed.data;
  }

  profile(name: string): Profile | undefined {
    return this.read().profiles[name];
  }

  /** Merges the changes into the profile (undefined removes a field) and writes the file. */
  updateProfile(name: string, changes: Partial<Profile>): Profile {
    const config = this.read();
    const updated = Object.fromEntries(Object.entries({ ...config.profiles[name], ...changes }).filter(([, value]) => value !== undefined)) as Profile;
    writePrivate(this.path, { ...config, profiles: { ...config.profiles, [name]: updated } });
    return updated;
  }

  private tokenPath(name: string): string {
    return join(dirname(this.path), `tokens-${encodeURIComponent(name)}.json`);
  }

  tokens(name: string): TokenCache | undefined {
    const parsed = tokenCache.safeParse(readPrivate(this.tokenPath(name)));
    return parsed.success ? parsed.data : undefined;
  }

  saveTokens(name: string, tokens: TokenCache): void {
    writePrivate(this.tokenPath(name), tokens);
  }

  forgetTokens(name: string): void {
    rmSync(this.tokenPath(name), { force: true });
  }
}
