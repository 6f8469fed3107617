import { z } from 'zod';
import { keyName } from '@keydeck/contract/payment-keys';
import { formErrorView, type FormErrorView } from '../../../lib/form-errors';

export const keyChoice = (message: string) => z.string().min(1, message).pipe(keyName);

// The server names a refused field by its place in the batch: symmetric_keys.0.name.
export const KEY_BATCH_PREFIX = /^symmetric_keys\.\d+\./;

/** A row of a batch call the server refused (answered 200 with success false): the form shows its words. */
export class RowRefused extends Error {}

/** How a key form shows a refusal: a refused row above the fields, the server's field errors on their fields. */
export const keyFormErrors =
  (fields: readonly string[], prefix: RegExp = KEY_BATCH_PREFIX) =>
  (error: unknown): FormErrorView<string> | null =>
    error instanceof RowRefused ? { fields: {}, message: error.message } : formErrorView(error, fields, prefix);
