import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  ftpServersCreateBody,
  ftpServersUpdateBody,
  hostKeysBody,
  hostKeysQuery,
  hostKeysResponse,
  hostKeysResultResponse,
  scpServersCreateBody,
  scpServersUpdateBody,
  transferServersDeleteBody,
  transferServersQuery,
  transferServersResponse,
  transferServersResultResponse,
  transferServerTestBody,
  transferTestResponse,
} from './transfer.ts';

/** Transfer servers of the current service (spec §7 service/ftp_servers and service/scp_servers) and their SSH host keys. */
export const transferApi = endpoints({ product: 'crypto-cluster', tag: 'Transfer' }, {
  listScpServers: {
    method: 'GET', path: ApiPath.scpServers, query: transferServersQuery, responses: { 200: transferServersResponse },
    summary: 'List SCP servers', description: 'Lists the current service\'s SCP/SFTP transfer servers.',
  },
  createScpServers: {
    method: 'POST', path: ApiPath.scpServers, body: scpServersCreateBody, responses: { 200: transferServersResultResponse },
    summary: 'Add SCP servers', description: 'Adds SCP/SFTP transfer servers, within the egress policy.',
  },
  updateScpServers: {
    method: 'PUT', path: ApiPath.scpServers, body: scpServersUpdateBody, responses: { 200: transferServersResultResponse },
    summary: 'Update SCP servers', description: 'Changes SCP/SFTP transfer servers; empty secrets stay as they are.',
  },
  deleteScpServers: {
    method: 'DELETE', path: ApiPath.scpServers, body: transferServersDeleteBody, responses: { 200: transferServersResultResponse },
    summary: 'Remove SCP servers', description: 'Removes SCP/SFTP transfer servers.',
  },
  testScpServer: {
    method: 'POST', path: ApiPath.scpServerTest, body: transferServerTestBody, responses: { 200: transferTestResponse },
    summary: 'Test an SCP server', description: 'Connects to an SCP/SFTP server and reports the outcome and its host key.',
  },
  listFtpServers: {
    method: 'GET', path: ApiPath.ftpServers, query: transferServersQuery, responses: { 200: transferServersResponse },
    summary: 'List FTP servers', description: 'Lists the current service\'s FTP transfer servers (passwords never returned).',
  },
  createFtpServers: {
    method: 'POST', path: ApiPath.ftpServers, body: ftpServersCreateBody, responses: { 200: transferServersResultResponse },
    summary: 'Add FTP servers', description: 'Adds FTP transfer servers, within the egress policy.',
  },
  updateFtpServers: {
    method: 'PUT', path: ApiPath.ftpServers, body: ftpServersUpdateBody, responses: { 200: transferServersResultResponse },
    summary: 'Update FTP servers', description: 'Changes FTP transfer servers; an empty password stays as it is.',
  },
  deleteFtpServers: {
    method: 'DELETE', path: ApiPath.ftpServers, body: transferServersDeleteBody, responses: { 200: transferServersResultResponse },
    summary: 'Remove FTP servers', description: 'Removes FTP transfer servers.',
  },
  testFtpServer: {
    method: 'POST', path: ApiPath.ftpServerTest, body: transferServerTestBody, responses: { 200: transferTestResponse },
    summary: 'Test an FTP server', description: 'Connects and signs in to an FTP server and reports the outcome.',
  },
  listHostKeys: {
    method: 'GET', path: ApiPath.hostKeys, query: hostKeysQuery, responses: { 200: hostKeysResponse },
    summary: 'List trusted host keys', description: 'Lists the SSH host keys trusted for the service\'s transfer servers.',
  },
  trustHostKeys: {
    method: 'PUT', path: ApiPath.hostKeys, body: hostKeysBody, responses: { 200: hostKeysResultResponse },
    summary: 'Trust host keys', description: 'Trusts SSH host keys seen when testing transfer servers.',
  },
  forgetHostKeys: {
    method: 'DELETE', path: ApiPath.hostKeys, body: hostKeysBody, responses: { 200: hostKeysResultResponse },
    summary: 'Forget host keys', description: 'Removes trusted SSH host keys.',
  },
});

/** The five operations of one family of transfer servers, for code that treats FTP and SCP alike. */
export const transferFamilyApi = {
  scp: {
    list: transferApi.listScpServers, create: transferApi.createScpServers, update: transferApi.updateScpServers,
    remove: transferApi.deleteScpServers, test: transferApi.testScpServer,
  },
  ftp: {
    list: transferApi.listFtpServers, create: transferApi.createFtpServers, update: transferApi.updateFtpServers,
    remove: transferApi.deleteFtpServers, test: transferApi.testFtpServer,
  },
} as const;
