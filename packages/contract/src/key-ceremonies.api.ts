import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  keyCeremoniesResponse,
  keyCeremony,
  keyCeremonyCancel,
  keyCeremonyComponentEntry,
  keyCeremonyOpen,
  keyCeremonyParams,
  keyComponentExport,
  keyComponentExportCancel,
  keyComponentExportOpen,
  keyComponentExportParams,
  keyComponentExportsResponse,
  keyCustodiansResponse,
  keyCustodiansUpdate,
  revealedComponent,
} from './key-ceremonies.ts';

/** Key custodians and key ceremonies of the current service: split knowledge and dual control for clear keys. */
export const keyCeremoniesApi = endpoints({ product: 'crypto-cluster', tag: 'Key ceremonies' }, {
  getKeyCustodians: {
    method: 'GET', path: ApiPath.keyCustodians, responses: { 200: keyCustodiansResponse },
    summary: 'Key custodians', description: "Lists the service's key custodians, the users who could be designated, and its ceremony policy.",
  },
  setKeyCustodians: {
    method: 'PUT', path: ApiPath.keyCustodians, audit: 'key_custodians.update', body: keyCustodiansUpdate, responses: { 200: keyCustodiansResponse },
    summary: 'Designate key custodians', description: 'Replaces the list of key custodians and the ceremony policy (service user administrators only).',
  },
  listKeyCeremonies: {
    method: 'GET', path: ApiPath.keyCeremonies, responses: { 200: keyCeremoniesResponse },
    summary: 'List key ceremonies', description: 'Lists the open key ceremonies first, then the ended ones, newest first.',
  },
  openKeyCeremony: {
    method: 'POST', path: ApiPath.keyCeremonies, audit: 'key_ceremony.open', body: keyCeremonyOpen, responses: { 201: keyCeremony },
    summary: 'Open a key ceremony', description: 'Opens a ceremony that assembles a key from two or three components, each entered by a different custodian.',
  },
  getKeyCeremony: {
    method: 'GET', path: ApiPath.keyCeremony, params: keyCeremonyParams, responses: { 200: keyCeremony },
    summary: 'Get a key ceremony', description: 'Returns one ceremony with the components entered so far (custodian, time, KCV; never a value).',
  },
  enterCeremonyComponent: {
    method: 'POST', path: ApiPath.keyCeremonyComponent, audit: 'key_ceremony.component', params: keyCeremonyParams, body: keyCeremonyComponentEntry, responses: { 200: keyCeremony },
    summary: 'Enter a key component', description: "Enters the caller's component; the last one creates the key. The component is never stored in the clear.",
  },
  cancelKeyCeremony: {
    method: 'POST', path: ApiPath.keyCeremonyCancel, audit: 'key_ceremony.cancel', params: keyCeremonyParams, body: keyCeremonyCancel, responses: { 200: keyCeremony },
    summary: 'Cancel a key ceremony', description: 'Ends an open ceremony and destroys what its components made so far.',
  },
  keyCeremonyRecord: {
    method: 'GET', path: ApiPath.keyCeremonyRecord, audit: 'key_ceremony.record', params: keyCeremonyParams, responses: { 200: z.string().describe('text/csv, one step a line') }, text: true,
    summary: 'Key ceremony record', description: 'The ceremony record for auditors as CSV: who opened it, who entered which component when with its KCV, and the result.',
  },
  listKeyComponentExports: {
    method: 'GET', path: ApiPath.keyComponentExports, responses: { 200: keyComponentExportsResponse },
    summary: 'List key component exports', description: 'Lists the open component exports first, then the ended ones, newest first (KCVs only, never a value).',
  },
  openKeyComponentExport: {
    method: 'POST', path: ApiPath.keyComponentExports, audit: 'key_component_export.open', body: keyComponentExportOpen, responses: { 201: keyComponentExport },
    summary: 'Export a key as components',
    description: 'Splits an exportable key into two or three components, one for each named custodian; each is kept in the keystore until its custodian reveals it.',
  },
  getKeyComponentExport: {
    method: 'GET', path: ApiPath.keyComponentExport, params: keyComponentExportParams, responses: { 200: keyComponentExport },
    summary: 'Get a key component export', description: 'Returns one export: each component with its custodian, KCV and when it was revealed, and whether the caller may reveal it.',
  },
  revealKeyComponent: {
    method: 'POST', path: ApiPath.keyComponentExportReveal, audit: 'key_component_export.reveal', params: keyComponentExportParams, responses: { 200: revealedComponent },
    summary: 'Reveal my key component',
    description: "Answers the caller's own component with its KCV, once: it is destroyed as it is shown. No one can read another custodian's component.",
  },
  cancelKeyComponentExport: {
    method: 'POST', path: ApiPath.keyComponentExportCancel, audit: 'key_component_export.cancel', params: keyComponentExportParams, body: keyComponentExportCancel, responses: { 200: keyComponentExport },
    summary: 'Cancel a key component export', description: 'Ends an open export and destroys the components not revealed yet.',
  },
});
