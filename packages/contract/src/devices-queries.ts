import { z } from 'zod';
import { isoDate } from './dates.ts';
import { flag } from './paging.ts';

/**
 * The devices list's filters and order, apart from the area's other schemas: the web's route table validates the
 * service workspace's URL with them, so they load with the app's first chunk and must stay small.
 */
export const SERIAL_MAX = 64;
export const DEVICE_GROUP_NAME_MAX = 100;

/** The same name as a reference to something that exists: a name stored before the distinct-name rule is still found. */
export const deviceGroupNameRef = z
  .string()
  .trim()
  .min(1, 'Enter a group name')
  .max(DEVICE_GROUP_NAME_MAX, `A group name has at most ${DEVICE_GROUP_NAME_MAX} characters`);


export const DEVICE_ORDER_BY = ['serial', 'group', 'device_model', 'created_at', 'last_load'] as const;

/**
 * The device filters (spec §3): search is a serial fragment; archived and group narrow; date_start/date_end bound
 * the day a device was added (inclusive). operator says how the narrowing filters combine: and (all must hold,
 * the default) or or (any of them); search always applies.
 */
export const deviceFilters = z
  .object({
    search: z.string().trim().max(SERIAL_MAX).optional(),
    archived: flag.optional(),
    group: deviceGroupNameRef.optional(),
    date_start: isoDate().optional(),
    date_end: isoDate().optional(),
    operator: z.enum(['and', 'or']).default('and'),
  })
  .refine((f) => !f.date_start || !f.date_end || f.date_start <= f.date_end, {
    message: 'The end date is before the start date',
    path: ['date_end'],
  });
export type DeviceFilters = z.output<typeof deviceFilters>;
