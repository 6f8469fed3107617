import type { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The licenses list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const licensesQuery = pagingQuery(['product', 'valid_from', 'valid_until', 'created_at'], 'product');
export type LicensesQuery = z.infer<typeof licensesQuery>;
