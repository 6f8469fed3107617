import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsFromIssues, formErrorView, type FieldErrors } from './form-errors';

interface Options<F extends string, T> {
  /** The form's fields: errors for them land under their controls, any other in the alert. */
  fields: readonly F[];
  /** Batch endpoints name fields by position (accounts.0.account_slug): the prefix to strip. */
  batchPrefix?: RegExp;
  /** Sends the valid values; rejects with the server's refusal. */
  onSubmit: (values: T) => Promise<unknown>;
}

/**
 * The refusal half of every form: contract validation before sending, server field errors after, a
 * message for the rest, and focus on the first invalid field (in a long modal the error may be out of view).
 * `submit(parse)` takes the contract schema's safeParse of the current values.
 */
export function useFormRefusals<F extends string, T>({ fields, batchPrefix, onSubmit }: Options<F, T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    const form = formRef.current;
    if (refusals === 0 || !form) return;
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else form.querySelector('[role="alert"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [refusals]);

  const clear = useCallback((field: F) => setErrors((current) => ({ ...current, [field]: undefined })), []);

  const submit = (event: FormEvent<HTMLFormElement>, parse: () => z.ZodSafeParseResult<T>) => {
    event.preventDefault();
    setMessage(null);
    const parsed = parse();
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error, fields));
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    onSubmit(parsed.data).catch((error: unknown) => {
      const view = formErrorView(error, fields, batchPrefix);
      if (!view) return; // toasted centrally
      setErrors(view.fields);
      setMessage(view.message);
      setRefusals((n) => n + 1);
    });
  };

  return { formRef, errors, message, clear, submit };
}

/** A form's values beside its refusals: setting a field also clears the refusal shown under it. */
export function useFormValues<F extends string, V extends Record<F, unknown>>(initial: V | (() => V), clear: (field: F) => void) {
  const [values, setValues] = useState<V>(initial);
  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  };
  return { values, set };
}
