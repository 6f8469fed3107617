import { z } from 'zod';
import { CoreMessages } from './core-messages.ts';

/**
 * Dates the database can hold: PostgreSQL has no year 0 and JavaScript's Date no year past 275760, so every date
 * on the wire is a four-digit year from 0001 to 9999 (a valid calendar date says nothing about that range).
 */
const inStoredRange = (value: string) => !value.startsWith('0000') && !value.startsWith('-') && !value.startsWith('+');

/** A calendar date, YYYY-MM-DD. */
export const isoDate = (message = 'Enter a date as YYYY-MM-DD') =>
  z.iso.date(message).refine(inStoredRange, CoreMessages.dateOutOfRange);

/** An instant with its offset, as ISO 8601. */
export const isoInstant = () => z.iso.datetime({ offset: true }).refine(inStoredRange, CoreMessages.dateOutOfRange);
