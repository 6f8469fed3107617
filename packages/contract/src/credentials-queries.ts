import type { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The API credentials list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const credentialsListQuery = pagingQuery(['name', 'created_at', 'expires_at', 'last_used_at'], 'name');
export type CredentialsListQuery = z.infer<typeof credentialsListQuery>;
