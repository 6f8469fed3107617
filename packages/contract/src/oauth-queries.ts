import type { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The OAuth clients list's query: on its own so the route table (the app's first chunk) takes nothing else of the area. */
export const oauthClientsListQuery = pagingQuery(['name', 'created_at'], 'name');
export type OAuthClientsListQuery = z.infer<typeof oauthClientsListQuery>;
