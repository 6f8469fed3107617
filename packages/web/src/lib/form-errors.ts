import { errorEnvelope } from '@keydeck/contract/errors';
import { ApiError } from './api-error';

type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormErrorView<F extends string> {
  fields: FieldErrors<F>;
  /** Shown above the form: the server's message, and field errors the form has no control for. */
  message: string | null;
}

/**
 * A 400 (or 409) refusal as the form shows it: each `errors` entry lands on its field. Batch endpoints
 * name fields with a prefix (`accounts.0.account_slug`); `prefix` (a regular expression) strips it.
 * Returns null for failures the form does not show itself (they are toasted centrally).
 */
export function formErrorView<F extends string>(
  error: unknown,
  fields: readonly F[],
  prefix?: RegExp,
  statuses: readonly number[] = [400],
): FormErrorView<F> | null {
  if (!(error instanceof ApiError) || error.status === null || !statuses.includes(error.status)) return null;
  const parsed = errorEnvelope.partial().safeParse(error.body);
  const body = parsed.success ? parsed.data : {};
  const result: FieldErrors<F> = {};
  const others: string[] = [];
  for (const [name, texts] of Object.entries(body.errors ?? {})) {
    const field = prefix ? name.replace(prefix, '') : name;
    if ((fields as readonly string[]).includes(field)) result[field as F] = texts.join(', ');
    else others.push(`${field}: ${texts.join(', ')}`);
  }
  const hasFields = Object.keys(result).length > 0;
  const message = others.length > 0 ? others.join('\n') : hasFields ? null : (body.message ?? error.message);
  return { fields: result, message };
}
