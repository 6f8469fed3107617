import { Option, type Command } from '@commander-js/extra-typings';
import { servicesApi } from '@keydeck/contract/services.api';
import { SERVICE_STATUSES, type Service, type ServiceStatus } from '@keydeck/contract/services';
import { serviceSessionsApi } from '@keydeck/contract/service-sessions.api';
import type { Context } from '../context.ts';
import { CliError, describeFailure } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
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
    .addOption(new Option('--status <status>', 'only services in this state').choices(Object.keys(SERVICE_STATUSES) as ServiceStatus[]))
    .option('--search <text>', 'only services whose name contains the text')
    .addHelpText('after', examples(['keydeck services list', 'keydeck services list --status Enabled --output json']))
    .action(async (options) => {
      const api = (await context.client()).of(servicesApi);
      const filters = { ...(options.status ? { status: options.status } : {}), ...(options.search ? { search: options.search } : {}) };
      const answer = await allPages((page) => api.listServices({ query: { ...filters, page, page_size: 99 } }));
      const current = context.profile.service?.id ?? answer.current_service_id;
      context.output.rows(answer.data.map((s) => ({ ...s, current: s.id === current })), serviceColumns, answer);
    });

  program
    .command('service')
    .description('The service your commands work in')
    .command('use')
    .description("Choose the profile's service (by name or id) and open a service session on it")
    .argument('<service>', "the service's name (any case) or id")
    .addHelpText('after', examples(['keydeck service use "Payments HSM"', 'keydeck --profile staging service use 1b4e28ba-2fa1-11d2-883f-0016d3cca427']))
    .action(async (wanted) => {
      const client = await context.client();
      const all = await allPages((page) => client.of(servicesApi).listServices({ query: { page, page_size: 99 } }));
      const service = all.data.find((s) => s.id === wanted) ?? all.data.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
      if (!service) throw new CliError(`No service ${wanted} in the account (keydeck services list)`, ExitCode.notFound);
      context.config.updateProfile(context.profileName, { service: { id: service.id, name: service.name } });
      try {
        await client.of(servicesApi).selectCurrentService({ body: { service_id: service.id } });
        const { service_session: session } = await client.of(serviceSessionsApi).serviceLogin({ params: { service_id: service.id } });
        context.output.progress(`Using ${service.name} (profile ${context.profileName}); service session until ${session.expires_at}.`);
      } catch (error) {
        // Refused (not one of its service users, outside its allowed addresses): the choice is kept all the same.
        const { message, code } = describeFailure(error);
        throw new CliError(`${service.name} is the profile's service, but no service session was opened: ${message}`, code);
      }
    });
}
