import { queryKeys } from '../../../lib/query-keys';

/**
 * Every devices data set of a service sits under one prefix, ['devices', serviceId]: a change in one section
 * (a device moved, a group deleted, a model renamed) invalidates the prefix and so refreshes the others' counts.
 */
export const deviceKeys = (serviceId: string) => queryKeys('devices', serviceId);
export const deviceGroupKeys = (serviceId: string) => queryKeys('devices', serviceId, 'groups');
export const deviceModelKeys = (serviceId: string) => queryKeys('devices', serviceId, 'models');
