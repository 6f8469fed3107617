import { z } from 'zod';
import {
  deviceBatchResponse,
  deviceGroup,
  deviceGroupRenameBody,
  deviceGroupsCreateBody,
  deviceGroupsDeleteBody,
  deviceGroupsDeleteResponse,
  deviceGroupsQuery,
  deviceGroupsResponse,
  deviceHistoryQuery,
  deviceHistoryResponse,
  deviceModelCreateBody,
  deviceModelDeleteBody,
  deviceModelRenameBody,
  deviceModelResponse,
  deviceModelsResponse,
  devicesCreateBody,
  devicesCreateResponse,
  devicesDeleteBody,
  devicesMoveBody,
  devicesQuery,
  devicesResponse,
  devicesUpdateBody,
} from './devices.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** A batch call may carry an Idempotency-Key: sent again, it answers the first reply and changes nothing more. */
const batchHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() });
const serviceParams = z.object({ service_id: z.string() });

/** Devices of the current service (spec §7): groups, devices, their batches and models. */
export const devicesApi = endpoints({ product: 'crypto-cluster', tag: 'Devices' }, {
  listDeviceGroups: {
    method: 'GET', path: ApiPath.deviceGroups, query: deviceGroupsQuery, responses: { 200: deviceGroupsResponse },
    summary: 'List device groups', description: 'Lists the current service\'s device groups with their device counts.',
  },
  createDeviceGroups: {
    method: 'POST', path: ApiPath.deviceGroups, body: deviceGroupsCreateBody, responses: { 201: deviceGroupsCreateBody },
    summary: 'Create device groups', description: 'Creates device groups in the current service.',
  },
  renameDeviceGroup: {
    method: 'PUT', path: ApiPath.deviceGroups, body: deviceGroupRenameBody, responses: { 200: deviceGroup },
    summary: 'Rename a device group', description: 'Renames a device group of the current service; its devices follow.',
  },
  deleteDeviceGroups: {
    method: 'DELETE', path: ApiPath.deviceGroups, body: deviceGroupsDeleteBody, responses: { 200: deviceGroupsDeleteResponse },
    summary: 'Delete device groups', description: 'Deletes device groups of the current service.',
  },
  listDevices: {
    method: 'GET', path: ApiPath.devices, query: devicesQuery,
    responses: { 200: devicesResponse.describe('with export=true: text/csv, every matching device, one a line') },
    summary: 'List devices', description: 'Pages through the current service\'s devices, by group, with search and sorting.',
  },
  createDevices: {
    method: 'POST', path: ApiPath.devices, headers: batchHeaders, body: devicesCreateBody, responses: { 200: devicesCreateResponse, 201: devicesCreateResponse },
    summary: 'Add devices',
    description: 'Adds devices (serial, model, group) to the current service; answers a result per device. An Idempotency-Key header makes a retry safe.',
  },
  updateDevices: {
    method: 'PUT', path: ApiPath.devices, headers: batchHeaders, body: devicesUpdateBody, responses: { 200: deviceBatchResponse },
    summary: 'Update devices', description: 'Changes devices\' attributes; answers a result per device.',
  },
  moveDevices: {
    method: 'PUT', path: ApiPath.devicesMove, headers: batchHeaders, body: devicesMoveBody, responses: { 200: deviceBatchResponse },
    summary: 'Move devices', description: 'Moves devices to another device group; answers a result per device.',
  },
  deleteDevices: {
    method: 'DELETE', path: ApiPath.devices, headers: batchHeaders, body: devicesDeleteBody, responses: { 200: deviceBatchResponse },
    summary: 'Delete devices', description: 'Deletes devices; answers a result per device.',
  },
  deviceHistory: {
    method: 'GET', path: ApiPath.deviceHistory, query: deviceHistoryQuery, responses: { 200: deviceHistoryResponse },
    summary: 'Device history', description: 'Lists the changes made to one device, by serial: who, when and what.',
  },
  listDeviceModels: {
    method: 'GET', path: ApiPath.deviceModels, params: serviceParams, responses: { 200: deviceModelsResponse },
    summary: 'List device models', description: 'Lists the device models defined for the service.',
  },
  createDeviceModel: {
    method: 'POST', path: ApiPath.deviceModels, params: serviceParams, body: deviceModelCreateBody, responses: { 201: deviceModelResponse },
    summary: 'Add a device model', description: 'Adds a device model to the service.',
  },
  renameDeviceModel: {
    method: 'PUT', path: ApiPath.deviceModels, params: serviceParams, body: deviceModelRenameBody, responses: { 200: deviceModelResponse },
    summary: 'Rename a device model', description: 'Renames a device model of the service.',
  },
  deleteDeviceModel: {
    method: 'DELETE', path: ApiPath.deviceModels, params: serviceParams, body: deviceModelDeleteBody, responses: { 200: deviceModelResponse },
    summary: 'Delete a device model', description: 'Deletes a device model of the service.',
  },
});
