import { describe, expect, it } from 'vitest';
import { Messages } from '@keydeck/contract/messages';
import { ApiError, ResponseValidationError } from '../../../lib/api-error';
import { createFailure, fetchFailure, updateFailure } from './external-ca-failures';
import { operationStatus } from './external-ca-status';

const refusal = (status: number, message?: string) =>
  new ApiError(status, message ? { message, request_id: 'r1' } : undefined, { serviceScoped: true }, `failed with ${status}`);
const messageOf = (error: unknown) => (error as Error).message;

describe('external CA failures in the spec’s words', () => {
  it('keeps a contract mismatch as "Validation failed: ..." and falls back when the server said nothing', () => {
    const mismatch = new ResponseValidationError(Messages.validationFailed('data.0.is_archived: Invalid input'));
    expect(messageOf(fetchFailure(mismatch, Messages.externalCasFetchFallback))).toBe('Validation failed: data.0.is_archived: Invalid input');
    expect(messageOf(fetchFailure(refusal(502), Messages.externalCasFetchFallback))).toBe('Failed to fetch externalCas.');
    expect(messageOf(fetchFailure(refusal(500), Messages.externalCaFetchFallback))).toBe('Failed to fetch an externalCa.');
    expect(messageOf(fetchFailure(refusal(404, 'Not found.'), Messages.externalCaFetchFallback))).toBe('Not found.');
  });

  it('says "Error: Invalid certificate." on a refused upload (400) only', () => {
    const notCa = createFailure(refusal(400, Messages.externalCaNotCa), 'Partner Leaf');
    expect(messageOf(notCa)).toBe(`Failed to create external CA: Partner Leaf Error: Invalid certificate.\n${Messages.externalCaNotCa}`);
    const taken = createFailure(refusal(409, Messages.externalCaNameTaken('Partner Root')), 'Partner Root');
    expect(messageOf(taken)).toBe(`Failed to create external CA: Partner Root\n${Messages.externalCaNameTaken('Partner Root')}`);
    expect(messageOf(createFailure(new ApiError(null, undefined, {}, 'request failed'), 'X'))).toBe('Failed to create external CA: X');
  });

  it('says "Failed to archive/unarchive: ..." with the update fallback', () => {
    expect(messageOf(updateFailure(refusal(500)))).toBe('Failed to archive/unarchive: Failed to update an external CA.');
    expect(messageOf(updateFailure(refusal(404, 'Not found.')))).toBe('Failed to archive/unarchive: Not found.');
  });

  it('leaves session failures to the central handling (a service 403 sends the user to the service login)', () => {
    const expired = refusal(403, Messages.serviceSessionExpired);
    expect(fetchFailure(expired, Messages.externalCasFetchFallback)).toBe(expired);
    expect(createFailure(expired, 'X')).toBe(expired);
    expect(updateFailure(expired)).toBe(expired);
  });
});

describe('operation status (spec §4)', () => {
  it('tracks pending, success, and failure with the failure’s message', () => {
    expect(operationStatus({ status: 'idle', error: null })).toEqual({ status: 'idle', success: null, message: null });
    expect(operationStatus({ status: 'pending', error: null })).toEqual({ status: 'pending', success: null, message: null });
    expect(operationStatus({ status: 'success', error: null })).toEqual({ status: 'done', success: true, message: null });
    expect(operationStatus({ status: 'error', error: new Error('Failed to fetch externalCas.') })).toEqual({
      status: 'done',
      success: false,
      message: 'Failed to fetch externalCas.',
    });
  });
});
