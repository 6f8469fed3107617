import { z } from 'zod';
import { keysetQuery, pagingQuery } from './paging.ts';

/**
 * The symmetric key list's filters and order, apart from the area's other schemas: the web's route table validates the
 * service workspace's URL with them, so they load with the app's first chunk and must stay small.
 */
export const KEY_GROUP_NAME_MAX = 100;
export const KEY_STATES = ['active', 'disabled', 'retired'] as const;
export type KeyState = (typeof KEY_STATES)[number];

export const keyGroupNameRef = z
  .string()
  .trim()
  .min(1, 'Enter a key group name')
  .max(KEY_GROUP_NAME_MAX, `A key group name has at most ${KEY_GROUP_NAME_MAX} characters`);

export const symmetricKeysQuery = pagingQuery(['name', 'created_at', 'algorithm', 'usage', 'state'], 'name').extend({
  ...keysetQuery,
  group: keyGroupNameRef.optional(),
  state: z.enum(KEY_STATES).optional(),
});
export type SymmetricKeysQuery = z.output<typeof symmetricKeysQuery>;
