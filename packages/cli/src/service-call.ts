import type { Client } from '@keydeck/client/client';
import { serviceSessionsApi } from '@keydeck/contract/service-sessions.api';
import { servicesApi } from '@keydeck/contract/services.api';
import type { Context } from './context.ts';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';
import { allPages } from './paging.ts';

/** The option every command on a service's data takes. */
export const SERVICE_OPTION = ['--service <name>', 'the service whose data it acts on (default: the one chosen with keydeck service use)'] as const;

/**
 * The client for a service's data (devices, keys, certificates): as the console does, the service is made the
 * caller's current one and a service session opened on it, since the data routes act on the current service's
 * session. The service is --service NAME, else the profile's (keydeck service use).
 */
export async function serviceClient(context: Context, name: string | undefined): Promise<Client> {
  const client = await context.client();
  const service = name === undefined ? context.profile.service : await serviceNamed(client, name);
  if (!service) throw new CliError('No service chosen: pass --service NAME, or run keydeck service use NAME', ExitCode.usage);
  await client.of(servicesApi).selectCurrentService({ body: { service_id: service.id } });
  await client.of(serviceSessionsApi).serviceLogin({ params: { service_id: service.id } });
  return client;
}

/** The account's service of that name, ignoring case, as the console's names are. */
async function serviceNamed(client: Client, name: string): Promise<{ id: string; name: string }> {
  const services = await allPages((page) => client.of(servicesApi).listServices({ query: { page, page_size: 99, search: name } }));
  const found = services.data.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new CliError(`No service named ${name}`, ExitCode.notFound);
  return found;
}
