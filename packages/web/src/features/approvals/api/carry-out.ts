import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { APPROVAL_HEADER, type ApprovalRequest } from '@keydeck/contract/approvals';
import { certAuthoritiesDeleteResponse } from '@keydeck/contract/certificates';
import { CredentialMessages, credentialWithSecret } from '@keydeck/contract/credentials';
import { OAuthMessages, oauthClientWithSecret } from '@keydeck/contract/oauth';
import type { Endpoint, HttpMethod } from '@keydeck/contract/endpoint';
import { batchResponse, symmetricKeyExportBody, symmetricKeyExportResponse } from '@keydeck/contract/payment-keys';
import { callApi } from '../../../lib/api-client';
import { currentServiceId, serviceCall } from '../../../lib/service-session';
import type { ReportLine } from '../../../lib/ui/result-report-modal';
import type { ShownSecret } from '../../../lib/ui/secret-once-modal';
import { approvalKeys } from './approvals.api';

/** What carrying out an approved request answered, as its screen shows it. */
export type CarriedOut =
  | { kind: 'key-block'; keyName: string; answer: z.output<typeof symmetricKeyExportResponse> }
  | { kind: 'report'; lines: ReportLine[]; named: boolean }
  | { kind: 'secret'; secret: ShownSecret }
  | { kind: 'done' };

/**
 * The stored call as an endpoint: its own method and path (never built here), its answer read below by what the
 * operation answers. The client core sends it as it sends every call: same origin, cookies, the anti-forgery echo.
 */
const storedCall = ({ method, path }: ApprovalRequest['call']) => ({
  operationId: 'carryOutApprovedRequest',
  product: 'identity' as const,
  tag: 'Approvals' as const,
  method: method as HttpMethod,
  path,
  query: z.record(z.string(), z.unknown()),
  body: z.unknown(),
  summary: 'Carry out an approved request',
  description: 'The approved call, sent again with the request in the Approval-Request header.',
  responses: { 200: z.unknown() },
}) satisfies Endpoint;

/** Sends the approved call again, exactly as it was asked, with the request's id; service data in the service session. */
async function resend(request: ApprovalRequest): Promise<unknown> {
  const { call } = request;
  const input = { query: call.query, body: call.body ?? undefined, headers: { [APPROVAL_HEADER]: request.id } };
  const serviceId = request.service === null ? null : currentServiceId();
  return serviceId ? serviceCall(serviceId, storedCall(call), input) : callApi(storedCall(call), input);
}

function shown(request: ApprovalRequest, answer: unknown): CarriedOut {
  switch (request.operation) {
    case 'symmetric_key.export':
      return { kind: 'key-block', keyName: symmetricKeyExportBody.parse(request.call.body).key, answer: symmetricKeyExportResponse.parse(answer) };
    case 'symmetric_key.delete':
    case 'symmetric_key.disable':
    case 'key_group.retrieval_change':
    case 'key.create_kbpk_bdk':
      return { kind: 'report', lines: batchResponse.parse(answer).results, named: false };
    case 'credential.create_admin':
      return { kind: 'secret', secret: secretOf(answer) };
    case 'certificate_authority.delete':
      return { kind: 'report', lines: certAuthoritiesDeleteResponse.parse(answer).results, named: true };
    case 'allowlist.enforcement_off':
      return { kind: 'done' };
  }
}

/** A new API credential's or OAuth client's secret, answered this once. */
function secretOf(answer: unknown): ShownSecret {
  const credential = credentialWithSecret.safeParse(answer);
  if (credential.success) {
    const { client_id, client_secret } = credential.data.data;
    return { title: 'API credential created', clientId: client_id, clientSecret: client_secret, warning: CredentialMessages.secretOnce };
  }
  const { client, client_secret } = oauthClientWithSecret.parse(answer).data;
  return { title: 'OAuth client registered', clientId: client.id, clientSecret: client_secret ?? '', warning: OAuthMessages.secretOnce };
}

/** Carries out the caller's approved request once; a refusal (not yet approved, expired, differs) stays in its dialog. */
export function useCarryOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ApprovalRequest) => shown(request, await resend(request)),
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
