import { z } from 'zod';
import { Messages } from '@keydeck/contract/messages';
import {
  EXPORTABILITY,
  KEY_ALGORITHMS,
  KEY_USAGE_CODES,
  MODE_OF_USE_CODES,
  MODES_FOR_USAGE,
  keyGroupName,
  keyName,
  symmetricKeyCreate,
  type KeyUsage,
} from '@keydeck/contract/payment-keys';

// The attributes of a new key as every key form takes them (generate, components, TR-31 import, a key ceremony).

/** A choice a form starts without: the picker holds '' until chosen, then the contract's value. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.string().min(1, message).pipe(z.enum(values, message));

export const keyGroupChoice = z.string().min(1, 'Choose a key group').pipe(keyGroupName);

/** The attributes of a new key as the key forms take them: the contract's fields, each choice
 * made explicitly (no usage, mode or exportability is assumed for the operator). */
export const keyAttributeShape = {
  name: keyName,
  group: keyGroupChoice,
  algorithm: choice(KEY_ALGORITHMS, 'Choose an algorithm'),
  usage: choice(KEY_USAGE_CODES, 'Choose a key usage'),
  mode_of_use: choice(MODE_OF_USE_CODES, 'Choose a mode of use'),
  exportability: choice(Object.keys(EXPORTABILITY) as ['E', 'N', 'S'], 'Choose whether the key may leave the keystore'),
  version: symmetricKeyCreate.options[0].shape.version,
};

/**
 * The mode of use must be one its usage allows (MODES_FOR_USAGE), as the server requires. zod runs this even while
 * the usage itself is refused (not chosen yet): then the usage's own message is the one to show, and no mode is checked.
 */
export const withModeCheck = <S extends z.ZodType<{ usage: KeyUsage; mode_of_use: string }>>(schema: S) =>
  schema.superRefine((f, ctx) => {
    const allowed: readonly string[] | undefined = MODES_FOR_USAGE[f.usage];
    if (allowed && !allowed.includes(f.mode_of_use)) {
      ctx.addIssue({ code: 'custom', message: Messages.keyModeNotForUsage(f.usage, f.mode_of_use), path: ['mode_of_use'] });
    }
  });

export const keyAttributeFields = withModeCheck(z.object(keyAttributeShape));
export type KeyAttributes = z.output<typeof keyAttributeFields>;
export const emptyKeyAttributes = (group = '') => ({ name: '', group, algorithm: '', usage: '', mode_of_use: '', exportability: '', version: '00' });
