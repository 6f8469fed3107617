import { Option, type Command } from '@commander-js/extra-typings';
import { openBrowser } from '../browser.ts';
import type { Context } from '../context.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { examples } from '../help.ts';
import { listenForCode } from '../loopback.ts';
import { authorizationUrl, discover, exchangeCode, pkcePair, randomState, revoke } from '../oauth.ts';
import { readSecret } from '../prompt.ts';

/**
 * The redirect port when none is given: any free one. The OAuth client is a public one registered with
 * http://127.0.0.1/callback (any port: the server matches a public client's loopback redirect without it, RFC 8252 §7.3).
 */
const ANY_FREE_PORT = 0;

const integer = (name: string) => (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new CliError(`${name} takes a whole number (got ${value})`, ExitCode.usage);
  return number;
};

export function register(program: Command, context: Context): void {
  program
    .command('login')
    .description("Sign in through the browser: the console's OAuth sign-in (authorization code with PKCE) for an OAuth client of your account")
    .option('--oauth-client <id>', "the OAuth client's id: a public client with the redirect URI http://127.0.0.1/callback (default: KEYDECK_OAUTH_CLIENT_ID, else the profile's)")
    .option('--scope <permissions>', 'the permissions to ask for, separated by spaces (default: the profile\'s last ones)')
    .addOption(new Option('--port <port>', 'the port of the loopback redirect').argParser(integer('--port')).default(ANY_FREE_PORT, 'any free port'))
    .option('--no-browser', 'print the address to open instead of opening a browser')
    .addOption(new Option('--timeout <seconds>', 'how long to wait for the sign-in').argParser(integer('--timeout')).default(300))
    .addHelpText(
      'after',
      examples([
        'keydeck --url https://keydeck.example.com login --oauth-client 6f1c…e2 --scope "services:read audit:read"',
        'keydeck login --no-browser   # on a machine without a browser: open the printed address elsewhere',
      ]),
    )
    .action(async (options) => {
      const url = context.url;
      const profile = context.profile;
      const clientId = options.oauthClient ?? context.env.KEYDECK_OAUTH_CLIENT_ID ?? profile.oauth_client_id;
      if (!clientId) throw new CliError('Name the OAuth client to sign in with: --oauth-client <id> (Settings › API credentials › OAuth clients)', ExitCode.usage);
      const scope = options.scope ?? profile.scope ?? '';
      const server = await discover(url);
      const loopback = await listenForCode(options.port);
      try {
        const { verifier, challenge } = pkcePair();
        const state = randomState();
        const address = authorizationUrl(server, { clientId, redirectUri: loopback.redirectUri, scope, state, challenge });
        const opened = options.browser && (await openBrowser(address, context.env));
        context.output.progress(opened ? `Opened the browser to sign in; waiting for it (at most ${options.timeout} s)…` : `Open this address in a browser to sign in:\n${address}`);
        const code = await loopback.code(state, options.timeout * 1000);
        const tokens = await exchangeCode(server, clientId, code, loopback.redirectUri, verifier);
        // A browser sign-in replaces the profile's API credential, so the two never disagree about who is signed in.
        context.config.updateProfile(context.profileName, { url, oauth_client_id: clientId, scope, client_id: undefined, client_secret: undefined });
        context.saveBrowserSignIn(clientId, tokens);
        context.output.progress(`Signed in to ${url} (profile ${context.profileName})${tokens.scope ? ` with ${tokens.scope}` : ''}.`);
      } finally {
        loopback.close();
      }
    });

  program
    .command('logout')
    .description("Sign out: revoke the browser sign-in's tokens and forget the profile's cached token")
    .addHelpText('after', examples(['keydeck logout', 'keydeck --profile staging logout']))
    .action(async () => {
      const tokens = context.config.tokens(context.profileName);
      if (tokens?.kind === 'oauth') {
        const server = await discover(tokens.url);
        if (tokens.refresh_token) await revoke(server, tokens.client_id, tokens.refresh_token, 'refresh_token');
        await revoke(server, tokens.client_id, tokens.access_token, 'access_token');
      }
      context.config.forgetTokens(context.profileName);
      context.output.progress(`Signed out (profile ${context.profileName}).`);
    });

  program
    .command('configure')
    .description("Write a profile that signs in with an API credential (Settings › API credentials): the secret is read from KEYDECK_CLIENT_SECRET or stdin, never from the command line")
    .addHelpText(
      'after',
      examples([
        'keydeck --url https://keydeck.example.com --client-id 3b2f…9a configure   # asks for the secret',
        'printf %s "$SECRET" | keydeck --profile ci --url https://keydeck.example.com --client-id 3b2f…9a configure',
      ]),
    )
    .action(async () => {
      const url = context.url;
      const clientId = context.namedClientId;
      if (!clientId) throw new CliError('Name the API credential: --client-id <id> (or KEYDECK_CLIENT_ID)', ExitCode.usage);
      const clientSecret = context.env.KEYDECK_CLIENT_SECRET ?? (await readSecret('Client secret: '));
      if (!clientSecret) throw new CliError('No client secret given (KEYDECK_CLIENT_SECRET, or one line on stdin)', ExitCode.usage);
      // Proved before it is written: a profile that cannot sign in is no use.
      await context.exchangeCredential({ clientId, clientSecret });
      context.config.updateProfile(context.profileName, { url, client_id: clientId, client_secret: clientSecret, oauth_client_id: undefined });
      context.output.progress(`Profile ${context.profileName} signs in to ${url} as API credential ${clientId} (${context.config.path}).`);
    });
}
