import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The port ranges list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const portRangesQuery = pagingQuery(['start_port', 'end_port'], 'start_port').extend({
  account_id: z.string().uuid().optional(),
});
