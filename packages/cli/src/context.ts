import { createClient, type Client } from '@keydeck/client/client';
import { credentialsApi } from '@keydeck/contract/credentials.api';
import { ConfigStore, configPath, type Profile, type TokenCache } from './config-file.ts';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';
import { discover, refreshTokens, type OAuthTokens } from './oauth.ts';
import { OUTPUT_FORMATS, Output, type OutputFormat } from './output.ts';

/** The global options every command sees (main.ts declares them). */
export interface GlobalOptions {
  profile?: string;
  url?: string;
  clientId?: string;
  output?: string;
}

/** A token this close to its expiry is renewed before use rather than refused mid-command. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * What a command works with, resolved on first use (after the command line is parsed): the profile, the output,
 * and a client signed in with the profile's API credential or browser sign-in.
 */
export class Context {
  private signedIn: Client | undefined;
  readonly config: ConfigStore;

  constructor(
    private readonly globals: () => GlobalOptions,
    readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.config = new ConfigStore(configPath(env));
  }

  get profileName(): string {
    return this.globals().profile ?? this.env.KEYDECK_PROFILE ?? 'default';
  }

  get profile(): Profile {
    return this.config.profile(this.profileName) ?? {};
  }

  get output(): Output {
    const format = this.globals().output ?? this.env.KEYDECK_OUTPUT ?? 'table';
    if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
      throw new CliError(`--output must be one of ${OUTPUT_FORMATS.join(', ')} (got ${format})`, ExitCode.usage);
    }
    return new Output(format as OutputFormat);
  }

  /** The server's origin: --url, KEYDECK_URL, then the profile's. */
  get url(): string {
    const url = this.globals().url ?? this.env.KEYDECK_URL ?? this.profile.url;
    if (!url) throw new CliError(`No server: pass --url, set KEYDECK_URL, or run keydeck configure (profile ${this.profileName})`, ExitCode.usage);
    return url.replace(/\/+$/, '');
  }

  /** A client that is not signed in: the token exchange and the browser sign-in use it. */
  anonymousClient(): Client {
    return createClient({ baseUrl: this.url });
  }

  /** The API credential named by --client-id or KEYDECK_CLIENT_ID. */
  get namedClientId(): string | undefined {
    return this.globals().clientId ?? this.env.KEYDECK_CLIENT_ID;
  }

  /** The API credential to sign in with: --client-id or KEYDECK_CLIENT_ID, the secret from KEYDECK_CLIENT_SECRET, else the profile's. */
  private credential(fromProfile: boolean): { clientId: string; clientSecret: string } | undefined {
    const clientId = this.namedClientId ?? (fromProfile ? this.profile.client_id : undefined);
    const clientSecret = this.env.KEYDECK_CLIENT_SECRET ?? this.profile.client_secret;
    if (!clientId) return undefined;
    if (!clientSecret) throw new CliError(`No secret for API credential ${clientId}: set KEYDECK_CLIENT_SECRET or run keydeck configure`, ExitCode.usage);
    return { clientId, clientSecret };
  }

  /** The signed-in client; a call answered 401 on a cached token is sent once more with a fresh one. */
  async client(): Promise<Client> {
    if (this.signedIn) return this.signedIn;
    let token = await this.accessToken(false);
    const send: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      if (response.status !== 401 || !token.cached) return response;
      token = await this.accessToken(true);
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${token.value}`);
      return fetch(url, { ...init, headers });
    };
    this.signedIn = createClient({ baseUrl: this.url, bearer: token.value, fetch: send });
    return this.signedIn;
  }

  /**
   * The bearer token: an API credential named on the command line or in the environment; else the browser sign-in's
   * (refreshed with its refresh token when it expires); else the profile's API credential. A cached token serves
   * while it lasts, for this server and credential; new ones are cached 0600 per profile.
   */
  private async accessToken(renew: boolean): Promise<{ value: string; cached: boolean }> {
    const cached = this.config.tokens(this.profileName);
    const fresh = (tokens: TokenCache) => !renew && tokens.expires_at - EXPIRY_MARGIN_MS > Date.now();
    const ofServer = cached?.url === this.url ? cached : undefined;
    const named = this.credential(false);
    if (!named && ofServer?.kind === 'oauth') {
      if (fresh(ofServer)) return { value: ofServer.access_token, cached: true };
      if (ofServer.refresh_token) return { value: (await this.refreshBrowserSignIn(ofServer)).access_token, cached: false };
      throw new CliError(`The browser sign-in of profile ${this.profileName} has expired: run keydeck login`, ExitCode.refused);
    }
    const credential = named ?? this.credential(true);
    if (!credential) throw new CliError(`Not signed in (profile ${this.profileName}): run keydeck login or keydeck configure, or set KEYDECK_CLIENT_ID and KEYDECK_CLIENT_SECRET`, ExitCode.refused);
    if (ofServer?.kind === 'credential' && ofServer.client_id === credential.clientId && fresh(ofServer)) return { value: ofServer.access_token, cached: true };
    return { value: (await this.exchangeCredential(credential)).access_token, cached: false };
  }

  /** A browser sign-in's tokens, renewed with its refresh token (which the server rotates: the new one is kept). */
  private async refreshBrowserSignIn(tokens: TokenCache): Promise<TokenCache> {
    const answer = await refreshTokens(await discover(this.url), tokens.client_id, tokens.refresh_token!).catch((error: unknown) => {
      this.config.forgetTokens(this.profileName);
      throw error instanceof CliError ? new CliError(`${error.message}: run keydeck login`, error.code) : error;
    });
    return this.saveBrowserSignIn(tokens.client_id, answer);
  }

  /** Caches a browser sign-in's tokens for the profile. */
  saveBrowserSignIn(clientId: string, answer: OAuthTokens): TokenCache {
    const tokens: TokenCache = {
      url: this.url,
      client_id: clientId,
      kind: 'oauth',
      access_token: answer.access_token,
      expires_at: Date.now() + answer.expires_in * 1000,
      ...(answer.refresh_token ? { refresh_token: answer.refresh_token } : {}),
    };
    this.config.saveTokens(this.profileName, tokens);
    return tokens;
  }

  /** OAuth 2 client credentials: the API credential for a short-lived bearer token. */
  async exchangeCredential({ clientId, clientSecret }: { clientId: string; clientSecret: string }): Promise<TokenCache> {
    const answer = await this.anonymousClient()
      .of(credentialsApi)
      .issueAccessToken({ body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });
    const tokens: TokenCache = { url: this.url, client_id: clientId, kind: 'credential', access_token: answer.access_token, expires_at: Date.now() + answer.expires_in * 1000 };
    this.config.saveTokens(this.profileName, tokens);
    return tokens;
  }
}
