import type { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The accounts list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const accountsListQuery = pagingQuery(['name', 'account_slug', 'created_at'], 'name');
export type AccountsListQuery = z.infer<typeof accountsListQuery>;
