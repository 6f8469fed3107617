import { Option, type Command } from '@commander-js/extra-typings';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { KEY_RETRIEVAL_ALGORITHM_CODES, type KeyGroup } from '@keydeck/contract/payment-keys';
import type { Context } from '../../context.ts';
import { examples } from '../../help.ts';
import type { Column } from '../../output.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { validated } from '../../validate.ts';

const groupColumns: Column<KeyGroup>[] = [
  { header: 'Name', value: (g) => g.name },
  { header: 'Key retrieval', value: (g) => g.key_retrieval_algorithm },
  { header: 'Keys', value: (g) => g.key_count },
  { header: 'BDK', value: (g) => g.bdk },
  { header: 'Created', value: (g) => g.created_at },
];

export function register(keys: Command, context: Context): void {
  const groups = keys.command('groups').description('Key groups: which keys devices load, and how they are chosen');

  groups
    .command('list')
    .description("List the service's key groups")
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples(['keydeck keys groups list', 'keydeck keys groups list --output json']))
    .action(async (options) => {
      const answer = await (await serviceClient(context, options.service)).client.of(paymentKeysApi).listKeyGroups({});
      context.output.rows(answer.groups, groupColumns, answer);
    });

  groups
    .command('create')
    .description('Create key groups')
    .argument('<names...>', 'the new groups')
    .option(...SERVICE_OPTION)
    .addOption(new Option('--key-retrieval <algorithm>', 'how a device gets its key from the group').choices(KEY_RETRIEVAL_ALGORITHM_CODES).default('static' as const))
    .addHelpText('after', examples(['keydeck keys groups create terminals transport', 'keydeck keys groups create pos-dukpt --key-retrieval dukpt_aes']))
    .action(async (names, options) => {
      const body = validated(paymentKeysApi.createKeyGroups.body, { groups: names.map((name) => ({ name, key_retrieval_algorithm: options.keyRetrieval })) });
      const api = (await serviceClient(context, options.service)).client.of(paymentKeysApi);
      await api.createKeyGroups({ body });
      const created = new Set(body.groups.map((g) => g.name));
      const answer = await api.listKeyGroups({});
      context.output.rows(answer.groups.filter((g) => created.has(g.name)), groupColumns, answer);
    });
}
