import type { Command } from '@commander-js/extra-typings';
import { servicesApi } from '@keydeck/contract/services.api';
import type { Service } from '@keydeck/contract/services';
import type { Context } from '../context.ts';
import { examples } from '../help.ts';
import type { Column } from '../output.ts';
import { allPages } from '../paging.ts';

const serviceColumns: Column<Service & { current: boolean }>[] = [
  { header: 'Name', value: (s) => s.name },
  { header: 'Type', value: (s) => s.type_name },
  { header: 'Status', value: (s) => s.status },
  { header: 'Location', value: (s) => s.location },
  { header: 'Environment', value: (s) => s.environment },
  { header: 'Current', value: (s) => (s.current ? 'yes' : '') },
  { header: 'Id', value: (s) => s.id },
];

export function register(program: Command, context: Context): void {
  const services = program.command('services').description("Your account's services");
  services
    .command('list')
    .description("List the account's services")
    .addHelpText('after', examples(['keydeck services list', 'keydeck services list --output json']))
    .action(async () => {
      const api = (await context.client()).of(servicesApi);
      const answer = await allPages((page) => api.listServices({ query: { page, page_size: 99 } }));
      const current = context.profile.service?.id ?? answer.current_service_id;
      context.output.rows(answer.data.map((s) => ({ ...s, current: s.id === current })), serviceColumns, answer);
    });
}
