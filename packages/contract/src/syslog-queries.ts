import type { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The syslog servers list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const syslogConfigsListQuery = pagingQuery(['name', 'host', 'created_at'], 'name');
export type SyslogConfigsListQuery = z.infer<typeof syslogConfigsListQuery>;
