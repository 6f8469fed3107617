import { z } from 'zod';
import { CEREMONY_HOURS_DEFAULT, keyCeremonyOpen } from '@keydeck/contract/key-ceremonies';
import { emptyKeyAttributes, keyAttributeShape, withModeCheck } from '../../../lib/key-attributes';

/**
 * The open form: the key's attributes as every key form takes them, the count of components as a radio choice, the
 * named custodians as one checkbox each (by user id); sent as the contract's body, whose own rules (one custodian a
 * component, each once) then apply.
 */
export const openCeremonyForm = withModeCheck(
  z.object({
    ...keyAttributeShape,
    components: z.enum(['2', '3'], 'Choose two or three components'),
    who: z.enum(['any', 'named']),
    named: z.record(z.string(), z.boolean()),
    // Left empty, the contract's default applies.
    expires_in_hours: z.number().optional(),
  }),
)
  .transform(({ components, who, named, ...rest }): z.input<typeof keyCeremonyOpen> => ({
    ...rest,
    components: components === '3' ? 3 : 2,
    custodians: who === 'any' ? [] : Object.keys(named).filter((id) => named[id]),
  }))
  .pipe(keyCeremonyOpen);

export const emptyOpenCeremony = (custodianIds: string[]) => ({
  ...emptyKeyAttributes(),
  components: '2' as const,
  who: 'any' as const,
  named: Object.fromEntries(custodianIds.map((id) => [id, false])),
  expires_in_hours: CEREMONY_HOURS_DEFAULT,
});

/** Where the contract's rules on the named custodians put their message (the body's field, not one of the form's). */
export const custodiansError = (errors: object) => (errors as { custodians?: { message?: string } }).custodians?.message;

/** The form's fields, where the server's refusals land. */
export const OPEN_FIELDS = [...Object.keys(keyAttributeShape), 'components', 'custodians', 'expires_in_hours'] as const;
