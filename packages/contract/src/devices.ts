import { z } from 'zod';
import { DEVICE_ORDER_BY, deviceFilters, deviceGroupNameRef, SERIAL_MAX } from './devices-queries.ts';
import { estimatedTotal, flag, keysetCursors, keysetQuery, MAX_PAGE_SIZE, PAGING_DEFAULTS } from './paging.ts';
import { distinctName } from './names.ts';

export { DEVICE_GROUP_NAME_MAX, DEVICE_ORDER_BY, deviceFilters, deviceGroupNameRef, SERIAL_MAX, type DeviceFilters } from './devices-queries.ts';

/**
 * Remote devices, device groups and device models of a service (spec §3, §4, §7): the payment terminals keys are
 * loaded into. Devices belong to one service; serials are unique in it, group and model names too (ignoring case).
 */
export const DEVICE_MODEL_NAME_MAX = 100;
/** The most devices one batch call names, and the most an "every matching device" call handles before answering. */
export const DEVICE_BATCH_MAX = 10_000;
/** Totals are counted up to this; a list with more says "10,000+" and asks for a narrower filter to page on. */
export const DEVICE_COUNT_CAP = 10_000;

export const serial = z
  .string()
  .trim()
  .min(1, 'Enter a serial')
  .max(SERIAL_MAX, `A serial has at most ${SERIAL_MAX} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'A serial uses letters, digits and . _ : / - (starting with a letter or digit)');
/** The same name as a reference to something that exists: a name stored before the distinct-name rule is still found. */
export const deviceModelNameRef = z
  .string()
  .trim()
  .min(1, 'Enter a model name')
  .max(DEVICE_MODEL_NAME_MAX, `A model name has at most ${DEVICE_MODEL_NAME_MAX} characters`);
export const deviceModelName = distinctName(deviceModelNameRef);
/** A new device group's name (devices-queries.ts keeps the reference, which the route table's search loads up front). */
export const deviceGroupName = distinctName(deviceGroupNameRef);

// ---------------------------------------------------------------- device groups

export const deviceGroup = z.object({ group_name: z.string(), device_count: z.number().int().min(0), created_at: z.string() });
export type DeviceGroup = z.infer<typeof deviceGroup>;

/**
 * GET service/device_group: chunked loading for group pickers (chunk from 1, chunk_size up to 1,000), names by
 * name. query_only=true answers the names alone (no device counts), which is what a picker needs and is cheap.
 */
export const deviceGroupsQuery = z.object({
  chunk: z.coerce.number().int().min(1).default(1),
  chunk_size: z.coerce.number().int().min(1).max(1_000).default(PAGING_DEFAULTS.page_size),
  search: z.string().trim().max(200).optional(),
  query_only: flag.default(false),
});
export type DeviceGroupsQuery = z.output<typeof deviceGroupsQuery>;
export const deviceGroupsResponse = z.object({
  data: z.array(deviceGroup.partial({ device_count: true, created_at: true })),
  total: z.number().int().min(0),
  /** Whether a further chunk exists. */
  more: z.boolean(),
});
export type DeviceGroupsResponse = z.infer<typeof deviceGroupsResponse>;

export const deviceGroupsCreateBody = z.object({ groups: z.array(z.object({ group_name: deviceGroupName })).min(1).max(100) });
/** PUT service/device_group: rename old_name to group_name, checked as a new group's name; its devices follow. */
export const deviceGroupRenameBody = z.object({ old_name: deviceGroupNameRef, group_name: deviceGroupName });
/**
 * DELETE service/device_group (body devices: the groups to delete, spec §7). A group that still holds devices is
 * refused unless devices says what to do with them: move them to move_to, or delete them.
 */
export const deviceGroupsDeleteBody = z.object({
  devices: z.array(deviceGroupNameRef).min(1).max(100),
  with_devices: z.enum(['refuse', 'move', 'delete']).default('refuse'),
  move_to: deviceGroupNameRef.optional(),
}).refine((b) => b.with_devices !== 'move' || !!b.move_to, { message: 'Choose the group the devices move to', path: ['move_to'] });
export type DeviceGroupsDeleteBody = z.output<typeof deviceGroupsDeleteBody>;

// ---------------------------------------------------------------- device models

export const deviceModel = z.object({ name: z.string(), device_count: z.number().int().min(0) });
export type DeviceModel = z.infer<typeof deviceModel>;
export const deviceModelsResponse = z.object({ data: z.array(deviceModel) });
export const deviceModelCreateBody = z.object({ device_model: deviceModelName });
/** PUT: rename old_name to device_model; every device of the model follows. */
export const deviceModelRenameBody = z.object({ device_model: deviceModelName, old_name: deviceModelNameRef });
export const deviceModelDeleteBody = z.object({ device_model: deviceModelNameRef });
export const deviceModelResponse = z.object({ device_model: z.string(), device_count: z.number().int().min(0) });

// ---------------------------------------------------------------- devices

export const device = z.object({
  serial: z.string(),
  group: z.string(),
  archived: z.boolean(),
  device_model: z.string().nullable(),
  /** Locked after failed key loads (spec "failed (lock state)"). */
  failed: z.boolean(),
  /** When keys were last loaded; null once the load status is cleared. */
  last_load: z.string().nullable(),
  created_at: z.string(),
});
export type Device = z.infer<typeof device>;

/** GET service/device: a page of the filtered devices, or with export=true every one of them as CSV. */
export const devicesQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(PAGING_DEFAULTS.page),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGING_DEFAULTS.page_size),
    order: z.enum(['asc', 'desc']).default(PAGING_DEFAULTS.order),
    order_by: z.enum(DEVICE_ORDER_BY).default('serial'),
    ...keysetQuery,
    export: flag.default(false),
  })
  .and(deviceFilters);
export type DevicesQuery = z.output<typeof devicesQuery>;
export const devicesResponse = z.object({
  data: z.array(device),
  /** Counted up to DEVICE_COUNT_CAP where few devices match (total_capped says there are more), else estimated. */
  total: z.number().int().min(0),
  total_capped: z.boolean(),
  ...estimatedTotal,
  /** By keyset in serial, group and added order; null in device model and last load order (they may be empty). */
  ...keysetCursors,
});
export type DevicesResponse = z.infer<typeof devicesResponse>;

/** The CSV columns of export and import, in order; import reads serial, group and device_model. */
export const DEVICE_CSV_COLUMNS = ['serial', 'group', 'device_model', 'archived', 'failed', 'last_load', 'created_at'] as const;

export const newDevice = z.object({
  serial,
  group: deviceGroupName,
  device_model: deviceModelName.nullish(),
});
export type NewDevice = z.output<typeof newDevice>;
/** POST service/device: devices to add, all or nothing; dry_run checks them and changes nothing (the CSV preview). */
export const devicesCreateBody = z.object({ devices: z.array(newDevice).min(1).max(DEVICE_BATCH_MAX), dry_run: z.boolean().default(false) });
/** Per row of a create (row: the device's index in the body, from 0): its problems, or none. */
export const devicesCreateResponse = z.object({
  created: z.number().int().min(0),
  problems: z.array(z.object({ row: z.number().int().min(0), serial: z.string(), messages: z.array(z.string()) })),
});
export type DevicesCreateResponse = z.infer<typeof devicesCreateResponse>;

/** What a batch acts on: the serials named, or every device matching a filter (at most DEVICE_BATCH_MAX a call). */
const batchTarget = {
  devices: z.array(serial).min(1).max(DEVICE_BATCH_MAX).optional(),
  /** Every matching device with a serial after this one (the previous call's next_after), in serial order. */
  filter: deviceFilters.optional(),
  after: z.string().max(SERIAL_MAX).optional(),
};

/** A batch names its devices or gives a filter: exactly one of the two. */
const namesOrFilter = (b: { devices?: string[] | undefined; filter?: unknown }) => (b.devices ? !b.filter : !!b.filter);
const ONE_TARGET = { message: 'Name the devices or give a filter, not both', path: ['devices'] };

export const DEVICE_CHANGES = ['archive', 'unarchive', 'lock', 'unlock', 'clear_load', 'assign_model'] as const;
export type DeviceChange = (typeof DEVICE_CHANGES)[number];

/** PUT service/device: one change to a batch of devices. assign_model takes device_model (null takes it away). */
export const devicesUpdateBody = z
  .object({ ...batchTarget, change: z.enum(DEVICE_CHANGES), device_model: deviceModelNameRef.nullish() })
  .refine(namesOrFilter, ONE_TARGET)
  .refine((b) => b.change !== 'assign_model' || b.device_model !== undefined, { message: 'Choose a device model', path: ['device_model'] });
export type DevicesUpdateBody = z.output<typeof devicesUpdateBody>;

/** PUT service/device/move: a batch to another group. */
export const devicesMoveBody = z
  .object({ ...batchTarget, group: deviceGroupNameRef })
  .refine(namesOrFilter, ONE_TARGET);
export type DevicesMoveBody = z.output<typeof devicesMoveBody>;

/** DELETE service/device. */
export const devicesDeleteBody = z
  .object(batchTarget)
  .refine(namesOrFilter, ONE_TARGET);
export type DevicesDeleteBody = z.output<typeof devicesDeleteBody>;

/**
 * How a batch left a device: changed, already as asked (unchanged: nothing was written or recorded), or failed.
 * success is true for the first two.
 */
export const DEVICE_BATCH_OUTCOMES = ['changed', 'unchanged', 'failed'] as const;

/**
 * Every batch answers one result per device, in the spec's words. With a filter, next_after is where the next
 * call resumes (null when none is left) and remaining counts what still matches after it (up to the count cap).
 */
export const deviceBatchResult = z.object({ serial: z.string(), success: z.boolean(), outcome: z.enum(DEVICE_BATCH_OUTCOMES), message: z.string() });
export type DeviceBatchResult = z.infer<typeof deviceBatchResult>;
export const deviceBatchResponse = z.object({
  results: z.array(deviceBatchResult),
  /** Devices now as asked, whether the batch changed them or they already were. */
  succeeded: z.number().int().min(0),
  /** Of those, the ones that already were (nothing changed). */
  unchanged: z.number().int().min(0),
  failed: z.number().int().min(0),
  next_after: z.string().nullable(),
  remaining: z.number().int().min(0),
});
export type DeviceBatchResponse = z.infer<typeof deviceBatchResponse>;

/** Per group of a group delete, in the spec's words. */
export const deviceGroupsDeleteResponse = z.object({ results: z.array(z.object({ name: z.string(), success: z.boolean(), message: z.string() })) });

/** GET service/device/history: who changed a device and when, newest first. */
export const deviceHistoryQuery = z.object({ serial });
export const deviceHistoryResponse = z.object({
  data: z.array(z.object({ occurred_at: z.string(), actor: z.string().nullable(), action: z.string(), change: z.string(), request_id: z.string() })),
});
