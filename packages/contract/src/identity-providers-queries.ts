import type { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The identity providers list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const identityProvidersQuery = pagingQuery(['name', 'issuer', 'created_at'], 'name');
export type IdentityProvidersQuery = z.infer<typeof identityProvidersQuery>;
