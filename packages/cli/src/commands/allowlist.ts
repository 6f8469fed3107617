import { Argument, type Command } from '@commander-js/extra-typings';
import type { Allowlist } from '@keydeck/contract/allowlist';
import { allowlistApi } from '@keydeck/contract/allowlist.api';
import { approvalOptions, approved, withApprovalOptions } from '../approvals.ts';
import type { Context } from '../context.ts';
import { examples } from '../help.ts';
import type { Column } from '../output.ts';

const entryColumns: Column<Allowlist['ip_addresses'][number]>[] = [
  { header: 'Address', value: (e) => e.ip_address },
  { header: 'Added', value: (e) => e.created_at },
];

const CONFIRM = ['--confirm', 'go ahead even though the change leaves your own address outside the allowlist'] as const;

/** The list's entries, and (stderr) whether it is enforced and the caller's address as the server sees it. */
function show(context: Context, list: Allowlist, answer: unknown = list): void {
  context.output.rows(list.ip_addresses, entryColumns, answer);
  context.output.progress(`Enforced: ${list.enforce_ip ? 'yes' : 'no'}; your address: ${list.current_ip}`);
}

export function register(program: Command, context: Context): void {
  const allowlist = program.command('allowlist').description("Your account's IP allowlist: the addresses it accepts calls from");

  allowlist
    .command('show')
    .description('List the allowed addresses and whether the list is enforced')
    .option('--account <id>', "another account's list (platform administrators)")
    .addHelpText('after', examples(['keydeck allowlist show', 'keydeck allowlist show --output json']))
    .action(async (options) => {
      show(context, await (await context.client()).of(allowlistApi).getIpAllowlist({ query: options.account ? { account_id: options.account } : {} }));
    });

  allowlist
    .command('add')
    .description('Allow an address or CIDR range')
    .argument('<range>', 'an address or CIDR range, e.g. 203.0.113.0/24')
    .option(...CONFIRM)
    .addHelpText('after', examples(['keydeck allowlist add 203.0.113.0/24']))
    .action(async (range, options) => {
      show(context, await (await context.client()).of(allowlistApi).addIpAllowlistEntry({ body: { ip_address: range, confirm: !!options.confirm } }));
    });

  allowlist
    .command('remove')
    .description('Remove an address or CIDR range')
    .argument('<range>', 'the address or range as listed')
    .option(...CONFIRM)
    .addHelpText('after', examples(['keydeck allowlist remove 203.0.113.0/24']))
    .action(async (range, options) => {
      show(context, await (await context.client()).of(allowlistApi).removeIpAllowlistEntry({ body: { ip_address: range, confirm: !!options.confirm } }));
    });

  withApprovalOptions(
    allowlist
      .command('enforce')
      .description("Turn enforcement of your account's allowlist on or off (off can need approval)")
      .addArgument(new Argument('<state>', 'on or off').choices(['on', 'off'] as const))
      .option(...CONFIRM),
  )
    .addHelpText(
      'after',
      examples([
        'keydeck allowlist enforce on',
        'keydeck allowlist enforce off --wait 900   # waits for the approvers, then switches it off',
        'keydeck allowlist enforce off --approval 5d0c…   # carries out the request an earlier run printed',
      ]),
    )
    .action(async (state, options) => {
      const approval = approvalOptions(options);
      const api = (await context.client()).of(allowlistApi);
      const settings = await approved(context, (call) => api.updateAccountSettings({ body: { enforce_ip: state === 'on', confirm: !!options.confirm } }, call), approval);
      context.output.record(settings, [
        { header: 'Account', value: (s) => s.account_code },
        { header: 'Enforced', value: (s) => (s.enforce_ip ? 'yes' : 'no') },
      ]);
    });
}
