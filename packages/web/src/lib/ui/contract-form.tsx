import '@mantine/core/styles/SimpleGrid.css';
import type { ComponentProps } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

interface ContractFormProps<T extends FieldValues, O> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  /** What useContractForm returns. */
  form: UseFormReturn<T, unknown, O> & { submit: ComponentProps<'form'>['onSubmit'] };
}

/**
 * The <form> of every form: the lib/ui field controls inside find their values and errors by name; the
 * contract schema checks the values (not the browser). SimpleGrid's CSS is here as forms lay fields out with it.
 */
export function ContractForm<T extends FieldValues, O>({ form, children, ...props }: ContractFormProps<T, O>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.submit} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}
