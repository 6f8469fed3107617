import { errorEnvelope } from '@keydeck/contract/errors';
import type { LoginRequest } from '@keydeck/contract/auth';
import { CoreMessages } from '@keydeck/contract/core-messages';
import { ApiError } from '../../../lib/api-error';

type LoginField = keyof LoginRequest;
type LoginFieldErrors = Partial<Record<LoginField, string>>;

export interface LoginErrorView {
  /** Shown in the form's alert. */
  message: string | null;
  fields: LoginFieldErrors;
}

const FIELDS: readonly LoginField[] = ['username', 'password'];

function isLoginField(name: PropertyKey | undefined): name is LoginField {
  return typeof name === 'string' && (FIELDS as readonly string[]).includes(name);
}

/** The refusals the sign-in form shows itself: bad input on its fields, wrong credentials and throttling above them. */
export function loginErrorView(error: unknown): LoginErrorView | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 401 && error.status !== 429)) return null;
  const parsed = errorEnvelope.partial().safeParse(error.body);
  const body = parsed.success ? parsed.data : {};
  if (error.status === 401) return { message: body.message || CoreMessages.invalidCredentials, fields: {} };
  if (error.status === 429) return { message: body.message || CoreMessages.tooManyRequests, fields: {} };
  const fields: LoginFieldErrors = {};
  const others: string[] = [];
  for (const [name, texts] of Object.entries(body.errors ?? {})) {
    if (isLoginField(name)) fields[name] = texts.join(', ');
    else others.push(`${name}: ${texts.join(', ')}`);
  }
  const hasFieldErrors = Object.keys(fields).length > 0;
  const message = others.length > 0 ? others.join('\n') : hasFieldErrors ? null : body.message || CoreMessages.invalidRequest;
  return { message, fields };
}
