import { z } from 'zod';
import { CEREMONY_HOURS_DEFAULT, keyComponentExportOpen } from '@keydeck/contract/key-ceremonies';

/**
 * The export form: the key from a picker, the count of components as a radio choice, the custodians as one checkbox
 * each (by user id), as many as components; sent as the contract's body, the custodians in the list's order.
 */
export const exportForm = z
  .object({
    key: z.string().min(1, 'Choose a key'),
    components: z.enum(['2', '3'], 'Choose two or three components'),
    named: z.record(z.string(), z.boolean()),
    // Left empty, the contract's default applies.
    expires_in_hours: z.number().optional(),
  })
  .refine(({ components, named }) => Object.values(named).filter(Boolean).length === Number(components), {
    path: ['custodians'],
    message: 'Pick one custodian for each component',
  })
  .transform(({ key, named, expires_in_hours }): z.input<typeof keyComponentExportOpen> => ({
    key,
    custodians: Object.keys(named).filter((id) => named[id]),
    expires_in_hours,
  }))
  .pipe(keyComponentExportOpen);

export const emptyExport = (custodianIds: string[]) => ({
  key: '',
  components: '2' as const,
  named: Object.fromEntries(custodianIds.map((id) => [id, false])),
  expires_in_hours: CEREMONY_HOURS_DEFAULT,
});

/** The form's fields, where the server's refusals land. */
export const EXPORT_FIELDS = ['key', 'custodians', 'expires_in_hours'] as const;
