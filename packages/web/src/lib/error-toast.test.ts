import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@keydeck/contract/errors';
import { Messages } from '@keydeck/contract/messages';
import { ApiError, ResponseValidationError, type ApiCallOptions } from './api-error';
import { errorEffect, readErrorBody } from './error-toast';

const failure = (status: number | null, body: unknown, call: ApiCallOptions = {}) =>
  new ApiError(status, body, call, 'failed');

describe('errorEffect (spec §8)', () => {
  it('leaves a 401 on a call flagged ignoreAuth to the caller: no toast, no redirect', () => {
    expect(errorEffect(failure(401, { message: 'You are not logged in.' }, { ignoreAuth: true }))).toEqual({
      kind: 'none',
    });
  });

  it('treats any other 401 as a lost session (clear it, go to login with continue)', () => {
    expect(errorEffect(failure(401, { message: 'You are not logged in.' }))).toEqual({ kind: 'session-lost' });
  });

  it('turns a service 403 for a missing service session into the expired toast and a return to that service login', () => {
    const body = { message: Messages.serviceSessionExpired, error: ErrorCode.serviceSessionRequired };
    expect(errorEffect(failure(403, body, { serviceScoped: true, serviceId: 'svc-1' }))).toEqual({
      kind: 'service-session-expired',
      toast: { color: 'error', message: Messages.serviceSessionExpired },
      serviceId: 'svc-1',
    });
    expect(errorEffect(failure(403, body, { serviceScoped: true }))).toMatchObject({ kind: 'service-session-expired', serviceId: null });
  });

  it("shows the server's message for a service 403 that refuses a missing permission category", () => {
    const body = { message: Messages.servicePermissionDenied('Key', 'Modify') };
    expect(errorEffect(failure(403, body, { serviceScoped: true, serviceId: 'svc-1' }), 'Could not save the key')).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: `Could not save the key\n${Messages.servicePermissionDenied('Key', 'Modify')}` },
    });
  });

  it('does not treat a console 403 carrying the service-session code as a service refusal', () => {
    const body = { message: Messages.serviceSessionExpired, error: ErrorCode.serviceSessionRequired };
    expect(errorEffect(failure(403, body))).toEqual({ kind: 'toast', toast: { color: 'error', message: Messages.serviceSessionExpired } });
  });

  it("shows the server's message for a 403 on a console call", () => {
    const effect = errorEffect(failure(403, { message: Messages.permissionDenied }), 'Could not load the server status');
    expect(effect).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: `Could not load the server status\n${Messages.permissionDenied}` },
    });
  });

  it('lists the messages of a 422 with list data in a warning toast', () => {
    expect(errorEffect(failure(422, { data: ['Name is taken', 'Slot 3 is in use'] }))).toEqual({
      kind: 'toast',
      toast: { color: 'warning', message: 'Name is taken\nSlot 3 is in use' },
    });
  });

  it('shows context, message and field errors as "field: a, b" lines', () => {
    const body = { message: 'The request is not valid.', errors: { name: ['is required', 'is too short'], slot: ['must be a number'] } };
    expect(errorEffect(failure(400, body), 'Failed to create key')).toEqual({
      kind: 'toast',
      toast: {
        color: 'error',
        message: 'Failed to create key\nThe request is not valid.\nname: is required, is too short\nslot: must be a number',
      },
    });
  });

  it('uses the error field when there is no message', () => {
    expect(errorEffect(failure(500, { error: 'Internal Server Error' }))).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: 'Internal Server Error' },
    });
  });

  it("says 'Unexpected error' when the failure carries nothing to show", () => {
    expect(errorEffect(failure(502, undefined), 'Sign-in failed')).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: `Sign-in failed\n${Messages.unexpectedError}` },
    });
    expect(errorEffect('thrown string')).toEqual({ kind: 'toast', toast: { color: 'error', message: Messages.unexpectedError } });
  });

  it("says 'request failed' when no response arrived", () => {
    expect(errorEffect(failure(null, undefined))).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: Messages.requestFailed },
    });
  });

  it('shows a response that failed its contract schema as the validation message', () => {
    const error = new ResponseValidationError(Messages.validationFailed('server_version: expected string'));
    expect(errorEffect(error)).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: 'Validation failed: server_version: expected string' },
    });
  });
});

describe('the request id in error toasts', () => {
  it('carries the request id of the error envelope, for users to quote to support', () => {
    const body = { message: Messages.permissionDenied, request_id: 'req-7f3a' };
    expect(errorEffect(failure(403, body), 'Could not load the server status')).toEqual({
      kind: 'toast',
      toast: { color: 'error', message: `Could not load the server status\n${Messages.permissionDenied}`, requestId: 'req-7f3a' },
    });
    expect(errorEffect(failure(422, { data: ['Name is taken'], request_id: 'req-8' }))).toEqual({
      kind: 'toast',
      toast: { color: 'warning', message: 'Name is taken', requestId: 'req-8' },
    });
  });

  it('has none when no response (or no envelope) arrived', () => {
    expect(errorEffect(failure(null, undefined))).not.toHaveProperty('toast.requestId');
    expect(errorEffect(failure(502, '<html>Bad gateway</html>'))).not.toHaveProperty('toast.requestId');
  });
});

describe('readErrorBody', () => {
  it('parses JSON delivered as a Blob', async () => {
    const blob = new Blob([JSON.stringify({ message: 'Key not found', request_id: 'r1' })], { type: 'application/json' });
    const body = await readErrorBody(blob);
    expect(body).toEqual({ message: 'Key not found', request_id: 'r1' });
    expect(errorEffect(failure(404, body))).toEqual({ kind: 'toast', toast: { color: 'error', message: 'Key not found', requestId: 'r1' } });
  });

  it('yields nothing for a body that is not JSON', async () => {
    expect(await readErrorBody(new Blob(['<html>Bad gateway</html>']))).toBeUndefined();
    expect(await readErrorBody('')).toBeUndefined();
  });
});
