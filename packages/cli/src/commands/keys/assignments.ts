import { Option, type Command } from '@commander-js/extra-typings';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import type { KeyAssignment } from '@keydeck/contract/payment-keys';
import type { Context } from '../../context.ts';
import { examples } from '../../help.ts';
import { ALL_OPTION, keysetRows, LIMIT_OPTION, rowLimit } from '../../keyset-paging.ts';
import type { Column } from '../../output.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { validated } from '../../validate.ts';

const assignmentColumns: Column<KeyAssignment>[] = [
  { header: 'Device group', value: (a) => a.group },
  { header: 'Slot', value: (a) => a.key_slot },
  { header: 'Key', value: (a) => a.key },
  { header: 'Key group', value: (a) => a.key_group },
  { header: 'Key retrieval', value: (a) => a.key_retrieval_algorithm },
  { header: 'Algorithm', value: (a) => a.algorithm },
  { header: 'Usage', value: (a) => a.usage },
  { header: 'KCV', value: (a) => a.kcv },
  { header: 'Created', value: (a) => a.created_at },
];

export function register(keys: Command, context: Context): void {
  keys
    .command('assignments')
    .description('Which key each device group loads into which key slot')
    .command('list')
    .description("List the service's key assignments")
    .option(...SERVICE_OPTION)
    .option('--group <name>', 'only this device group')
    .option('--search <text>', 'only assignments whose device group or key contains this text')
    .addOption(new Option('--order-by <field>', 'the order').choices(['group', 'key_slot', 'key', 'created_at'] as const))
    .addOption(new Option('--order <order>', 'ascending or descending').choices(['asc', 'desc'] as const))
    .option(...LIMIT_OPTION)
    .option(...ALL_OPTION)
    .addHelpText('after', examples(['keydeck keys assignments list --group "Lane terminals"', 'keydeck keys assignments list --all --output csv']))
    .action(async (options) => {
      const limit = rowLimit(options);
      const filters = validated(paymentKeysApi.listKeyAssignments.query, { group: options.group, search: options.search, order_by: options.orderBy, order: options.order });
      const api = (await serviceClient(context, options.service)).client.of(paymentKeysApi);
      const answer = await keysetRows((after, size) => api.listKeyAssignments({ query: { ...filters, page_size: size, after } }), limit);
      context.output.rows(answer.data, assignmentColumns, answer);
    });
}
