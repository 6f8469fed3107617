import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { badRequest, conflict } from '../../platform/errors.ts';

/** A unique value already taken (names are unique case-insensitively): 409, on the field that clashes. */
export const taken = (field: string, message: string) => conflict(`${field}_taken`, message, { [field]: [message] });

/** A reference to a row that does not exist: bad input, on the field that names it. */
export const unknownReference = (field: string, kind: string) => badRequest({ [field]: [InfrastructureMessages.unknown(kind)] });
