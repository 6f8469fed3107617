import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formErrorView, type FormErrorView } from './form-errors';

/**
 * A field left empty that the contract gives no message of its own (an empty number input holds undefined):
 * words for the person at the form rather than zod's "expected number, received undefined".
 */
const emptyFieldMessage = (issue: { code: string; expected?: unknown; input?: unknown }) =>
  issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || Number.isNaN(issue.input))
    ? issue.expected === 'number'
      ? 'Enter a number'
      : 'Fill in this field'
    : undefined;

/** Where a refusal with no field of its own is kept; FormAlert shows it. */
export const SERVER_MESSAGE = 'root.server';

interface Options<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The contract schema (or a form schema built on it) that checks the values before anything is sent. */
  schema: S;
  /** Every field of the form, with its starting value: the edited entity's, or empty for a new one. */
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the valid values; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** Batch endpoints name fields by position (licenses.0.product): the prefix to strip. */
  batchPrefix?: RegExp;
  /** Refusals the form shows itself; any other is toasted centrally. */
  statuses?: readonly number[];
  /** How the form shows a refusal, when not as formErrorView does (null: toasted centrally). */
  errorView?: (error: unknown) => FormErrorView<string> | null;
}

/** The form's methods (watch, setValue...) and `submit`, the handler of its <form>. */
type ContractFormHandle<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
};

/**
 * Every form of the console: react-hook-form checking with the contract schema before sending (focus goes
 * to the first invalid field), then the server's field errors on their fields, focus on the first of them,
 * and any other refusal in the form's alert.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>({ schema, defaultValues, onSubmit, batchPrefix, statuses, errorView }: Options<S>): ContractFormHandle<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema, { error: emptyFieldMessage }), defaultValues });
  const fields = Object.keys(defaultValues) as Path<z.input<S>>[];

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const view = errorView ? errorView(error) : formErrorView(error, fields, batchPrefix, statuses);
      if (!view) return; // toasted centrally
      Object.entries(view.fields).forEach(([name, message], index) =>
        form.setError(name as Path<z.input<S>>, { type: 'server', message: message as string }, { shouldFocus: index === 0 }),
      );
      if (view.message) form.setError(SERVER_MESSAGE as Path<z.input<S>>, { type: 'server', message: view.message });
    }
  });

  return { ...form, submit };
}
