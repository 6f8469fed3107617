import type { z } from 'zod';
import { keysetQuery, pagingQuery } from './paging.ts';

/**
 * The accounts list's query, on its own: the route table (the app's first chunk) validates URLs with it. Paged by
 * keyset in every order (none may be empty).
 */
export const accountsListQuery = pagingQuery(['name', 'account_slug', 'created_at'], 'name').extend(keysetQuery);
export type AccountsListQuery = z.infer<typeof accountsListQuery>;
