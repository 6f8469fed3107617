import { Option, type Command } from '@commander-js/extra-typings';
import type { BoundEndpoints } from '@keydeck/client/client';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { KEY_ALGORITHMS, KEY_STATES, KEY_USAGE_CODES, MODE_OF_USE_CODES, symmetricKeysQuery, type SymmetricKey } from '@keydeck/contract/payment-keys';
import { approvalOptions, approved, withApprovalOptions } from '../approvals.ts';
import type { Context } from '../context.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { examples } from '../help.ts';
import { ALL_OPTION, keysetRows, LIMIT_OPTION, rowLimit } from '../keyset-paging.ts';
import type { Column } from '../output.ts';
import { SERVICE_OPTION, serviceClient } from '../service-call.ts';
import { validated } from '../validate.ts';
import * as assignments from './keys/assignments.ts';
import { batchColumns, failIfAny } from './keys/batch-report.ts';
import * as groups from './keys/groups.ts';
import * as importTr31 from './keys/import-tr31.ts';

const keyColumns: Column<SymmetricKey>[] = [
  { header: 'Name', value: (k) => k.name },
  { header: 'Group', value: (k) => k.group },
  { header: 'Algorithm', value: (k) => k.algorithm },
  { header: 'Usage', value: (k) => k.usage },
  { header: 'Mode', value: (k) => k.mode_of_use },
  { header: 'Export', value: (k) => k.exportability },
  { header: 'Version', value: (k) => k.version },
  { header: 'State', value: (k) => k.state },
  { header: 'KCV', value: (k) => k.kcv },
  { header: 'Origin', value: (k) => k.origin },
  { header: 'Created', value: (k) => k.created_at },
];

/** A key by its exact name: the list's search matches fragments, so its pages are read until the exact one shows. */
async function findKey(api: BoundEndpoints<typeof paymentKeysApi>, name: string): Promise<SymmetricKey> {
  let after: string | undefined;
  do {
    const page = await api.listSymmetricKeys({ query: { search: name, page_size: 100, after } });
    const key = page.data.find((k) => k.name === name);
    if (key) return key;
    after = page.data.length ? (page.next_cursor ?? undefined) : undefined;
  } while (after);
  throw new CliError(`No key named ${name}`, ExitCode.notFound);
}

export function register(program: Command, context: Context): void {
  const keys = program.command('keys').description("The service's symmetric keys, key groups and key assignments");

  keys
    .command('list')
    .description("List the service's symmetric keys (metadata and KCVs, never key material)")
    .option(...SERVICE_OPTION)
    .option('--group <name>', 'only keys of this key group')
    .addOption(new Option('--state <state>', 'only keys in this state').choices(KEY_STATES))
    .option('--search <text>', 'only keys whose name contains this text')
    .option('--order-by <field>', 'name, created_at, algorithm, usage or state (default name)')
    .addOption(new Option('--order <order>', 'ascending or descending').choices(['asc', 'desc'] as const))
    .option(...LIMIT_OPTION)
    .option(...ALL_OPTION)
    .addHelpText('after', examples(['keydeck keys list --group terminals --state active', 'keydeck keys list --all --output csv > keys.csv']))
    .action(async (options) => {
      const limit = rowLimit(options);
      const filters = validated(symmetricKeysQuery, { group: options.group, state: options.state, search: options.search, order_by: options.orderBy, order: options.order });
      const api = (await serviceClient(context, options.service)).client.of(paymentKeysApi);
      const answer = await keysetRows((after, size) => api.listSymmetricKeys({ query: { ...filters, page_size: size, after } }), limit);
      context.output.rows(answer.data, keyColumns, answer);
    });

  keys
    .command('kcv')
    .description('Print the key check value the server reports for a key')
    .argument('<name>', 'the key')
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples(['keydeck keys kcv "Terminal PEK"', 'keydeck keys kcv zmk-2026 --output json']))
    .action(async (name, options) => {
      const key = await findKey((await serviceClient(context, options.service)).client.of(paymentKeysApi), name);
      if (context.output.format === 'table') context.output.raw(`${key.kcv}\n`);
      else context.output.record(key, [{ header: 'Name', value: (k) => k.name }, { header: 'KCV', value: (k) => k.kcv }, { header: 'KCV method', value: (k) => k.kcv_method }], key);
    });

  withApprovalOptions(keys.command('generate'))
    .description('Generate a symmetric key in the keystore (a KBPK or BDK may need approval)')
    .argument('<name>', "the new key's name")
    .option(...SERVICE_OPTION)
    .requiredOption('--group <name>', 'its key group')
    .addOption(new Option('--algorithm <algorithm>', 'the algorithm').choices(KEY_ALGORITHMS).makeOptionMandatory())
    .addOption(new Option('--usage <usage>', 'its TR-31 key usage').choices(KEY_USAGE_CODES).makeOptionMandatory())
    .addOption(new Option('--mode <mode>', 'its TR-31 mode of use').choices(MODE_OF_USE_CODES).makeOptionMandatory())
    .addOption(new Option('--exportability <e>', 'E exportable, N never, S only in a key block').choices(['E', 'N', 'S'] as const).default('N' as const))
    .option('--key-version <vv>', 'its TR-31 key version, 2 letters or digits', '00')
    .addHelpText('after', examples(['keydeck keys generate "Terminal PEK" --group terminals --algorithm AES_128 --usage P0 --mode E', 'keydeck keys generate kbpk-acquirer --group transport --algorithm AES_256 --usage K1 --mode B --wait']))
    .action(async (name, options) => {
      const approval = approvalOptions(options);
      const body = validated(paymentKeysApi.createSymmetricKeys.body, {
        symmetric_keys: [{ source: 'generate', name, group: options.group, algorithm: options.algorithm, usage: options.usage, mode_of_use: options.mode, exportability: options.exportability, version: options.keyVersion }],
      });
      const api = (await serviceClient(context, options.service)).client.of(paymentKeysApi);
      const answer = await approved(context, (call) => api.createSymmetricKeys({ body }, call), approval);
      const [result] = answer.results;
      if (result?.key && result.success) context.output.record(result.key, keyColumns, answer);
      else context.output.rows(answer.results, batchColumns, answer);
      failIfAny(answer.results);
    });

  withApprovalOptions(keys.command('export'))
    .description('Export a key as a TR-31 key block wrapped under a KBPK of the service (may need approval)')
    .argument('<name>', 'the key')
    .requiredOption('--kbpk <name>', 'the key block protection key (usage K1) to wrap it under')
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples(['keydeck keys export "Terminal PEK" --kbpk kbpk-acquirer > pek.tr31', 'keydeck keys export zmk-2026 --kbpk kbpk-acquirer --wait 900']))
    .action(async (name, options) => {
      const approval = approvalOptions(options);
      const body = validated(paymentKeysApi.exportSymmetricKey.body, { key: name, kbpk: options.kbpk });
      const api = (await serviceClient(context, options.service)).client.of(paymentKeysApi);
      const answer = await approved(context, (call) => api.exportSymmetricKey({ body }, call), approval);
      if (context.output.format !== 'table') return context.output.record(answer, [{ header: 'Key block', value: (a) => a.key_block }, { header: 'KCV', value: (a) => a.kcv }, { header: 'KBPK KCV', value: (a) => a.kbpk_kcv }, { header: 'Format', value: (a) => a.format }], answer);
      context.output.raw(`${answer.key_block}\n`);
      context.output.progress(`${answer.format}: key KCV ${answer.kcv}, KBPK KCV ${answer.kbpk_kcv}`);
    });

  importTr31.register(keys, context);
  groups.register(keys, context);
  assignments.register(keys, context);
}
