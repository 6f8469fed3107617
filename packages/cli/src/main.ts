/**
 * keydeck: the console's command-line tool. How it is put together (read this before adding a command family):
 *
 * - A family is one file, src/commands/<family>.ts, exporting `register(program: Command, context: Context)`; add it
 *   to FAMILIES below. It adds its commands with `program.command('devices').command('list')...` (commander 14,
 *   extra-typings), each with `.description()` and `.addHelpText('after', examples([...]))` from ../help.ts.
 * - In an action: `const client = await context.client()` is the typed client (@keydeck/client) signed in with the
 *   profile's API credential or browser sign-in; call declarations only: `client.of(devicesApi).listDevices({ query })`.
 *   `context.profile.service` is the service chosen with `keydeck service use`. Whole lists: `allPages(...)`
 *   (paging.ts). Note: the server refuses service data to bearers today (see commands/services.ts, service use).
 * - Print with `context.output`: `.rows(rows, columns, answer)` (table, CSV, or `answer` as JSON), `.record(row,
 *   columns, answer)` for one object, `.raw(text)` for a result that is text already; `.progress(line)` writes to stderr.
 * - Fail by throwing: a CallError from the client maps to its exit code (401/403 -> 3, 404 -> 4, 5xx -> 5), or throw
 *   `new CliError(message, ExitCode.x)` (errors.ts, exit-codes.ts). Never call process.exit in a command.
 * - An operation that may need approval (202): add `withApprovalOptions(command)` (--wait, --approval) and call
 *   `await approved(context, (call) => api.deleteKeys({ body }, call), approvalOptions(options))` (approvals.ts): it
 *   prints the request's id and exits 6, waits for the approvers with --wait, or carries out an approved --approval ID.
 * - Tests: src/commands/<family>.cli.test.ts, run by the cli-pglite and cli-postgres projects; `k = await
 *   startKeydeck()` (test/harness.ts) starts a real server on 127.0.0.1 with account 'acme' (acme-admin, signed in
 *   as `k.admin`, a typed client), `await k.credential([permissions])` makes an API credential, and
 *   `k.run(args, { env: k.envOf(credential), input })` spawns the bundled CLI and answers { code, stdout, stderr }
 *   (`k.spawn` for one a test talks to while it runs).
 */
import { Command, Option } from '@commander-js/extra-typings';
import packageJson from '../package.json' with { type: 'json' };
import { CommanderError } from 'commander';
import * as allowlist from './commands/allowlist.ts';
import * as audit from './commands/audit.ts';
import * as auth from './commands/auth.ts';
import * as completion from './commands/completion.ts';
import * as certificates from './commands/certificates.ts';
import * as devices from './commands/devices.ts';
import * as keys from './commands/keys.ts';
import * as reports from './commands/reports.ts';
import * as services from './commands/services.ts';
import { Context } from './context.ts';
import { describeFailure } from './errors.ts';
import { EXIT_CODES_HELP, ExitCode } from './exit-codes.ts';
import { OUTPUT_FORMATS } from './output.ts';

const FAMILIES: { register: (program: Command, context: Context) => void }[] = [
  auth,
  services,
  devices,
  keys,
  certificates,
  audit,
  reports,
  allowlist,
  completion,
];

const program = new Command('keydeck')
  .description("Keydeck's command-line tool: the console's operations for scripts and pipelines")
  .version(packageJson.version)
  .option('--profile <name>', 'the profile in the config file (default: KEYDECK_PROFILE, else "default")')
  .option('--url <url>', "the console's address (default: KEYDECK_URL, else the profile's)")
  .option('--client-id <id>', "the API credential's client id (default: KEYDECK_CLIENT_ID, else the profile's); its secret only from KEYDECK_CLIENT_SECRET or the config file")
  .addOption(new Option('--output <format>', 'how results print (default: KEYDECK_OUTPUT, else table)').choices(OUTPUT_FORMATS))
  .addHelpText('after', `${EXIT_CODES_HELP}\n\nConfiguration: ~/.config/keydeck/config.json (KEYDECK_CONFIG elsewhere), mode 0600.`)
  .showHelpAfterError('(add --help for usage)')
  .exitOverride();

const context = new Context(() => program.opts());
for (const family of FAMILIES) family.register(program, context);

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and --version end the same way as a success; commander has printed its message already.
    process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  } else {
    const { message, code } = describeFailure(error);
    process.stderr.write(`keydeck: ${message}\n`);
    process.exitCode = code;
  }
}
