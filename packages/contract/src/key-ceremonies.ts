import { z } from 'zod';
import { KEY_ALGORITHMS, kcvHex, keyAttributes, keyHex, keyNameRef } from './payment-keys.ts';

/**
 * Split knowledge and dual control for clear keys (PCI PIN Security Requirements, control objectives 5 and 6;
 * ANSI X9.24-1): a service designates its key custodians, and a key ceremony assembles a key from two or three
 * components, each entered by a different custodian in their own signed-in session. Components travel one per
 * request and are never answered or stored in the clear; the record keeps who entered which component, when, with
 * its KCV.
 */
export const KEY_CEREMONY_STATES = ['open', 'completed', 'cancelled', 'expired'] as const;
export type KeyCeremonyState = (typeof KEY_CEREMONY_STATES)[number];
export const CEREMONY_HOURS_DEFAULT = 24;
export const CEREMONY_HOURS_MAX = 168;
export const KEY_CUSTODIANS_MAX = 50;
export const CANCEL_REASON_MAX = 500;

export const keyCeremonyPolicy = z.object({
  /** The user who opens a ceremony may also enter one of its components (off: one more person is needed). */
  opener_may_be_custodian: z.boolean(),
  /** The one-screen import of all components by one user: not split knowledge, off unless the service allows it. */
  single_operator_entry: z.boolean(),
});
export type KeyCeremonyPolicy = z.infer<typeof keyCeremonyPolicy>;

const person = z.object({ user_id: z.string().uuid(), username: z.string() });
export const keyCustodian = person.extend({ designated_by: z.string(), designated_at: z.string() });
export type KeyCustodian = z.infer<typeof keyCustodian>;

/** GET service/key_custodians: who is designated, who could be (the service's users holding the Key category). */
export const keyCustodiansResponse = z.object({
  custodians: z.array(keyCustodian),
  candidates: z.array(person),
  policy: keyCeremonyPolicy,
});
export type KeyCustodiansResponse = z.infer<typeof keyCustodiansResponse>;
export const keyCustodiansUpdate = z.object({
  user_ids: z.array(z.string().uuid()).max(KEY_CUSTODIANS_MAX, `At most ${KEY_CUSTODIANS_MAX} key custodians`),
  policy: keyCeremonyPolicy,
});

export const keyCeremonyOpen = z
  .object({
    ...keyAttributes,
    algorithm: z.enum(KEY_ALGORITHMS),
    components: z.union([z.literal(2), z.literal(3)], { error: 'A key has two or three components' }),
    /** The custodians who must enter the components, one each; empty: any distinct designated custodians. */
    custodians: z.array(z.string().uuid()).max(3),
    expires_in_hours: z.number().int().min(1, 'At least 1 hour').max(CEREMONY_HOURS_MAX, `At most ${CEREMONY_HOURS_MAX} hours`).default(CEREMONY_HOURS_DEFAULT),
  })
  .refine((open) => open.custodians.length === 0 || open.custodians.length === open.components, {
    path: ['custodians'],
    message: 'Name one custodian for each component, or none to let any designated custodians enter them',
  })
  .refine((open) => new Set(open.custodians).size === open.custodians.length, { path: ['custodians'], message: 'Name each custodian once' });
export type KeyCeremonyOpen = z.output<typeof keyCeremonyOpen>;

export const ceremonyComponent = z.object({
  position: z.number().int(),
  custodian: z.string(),
  kcv: z.string(),
  entered_at: z.string(),
});

export const keyCeremony = z.object({
  id: z.string().uuid(),
  name: z.string(),
  group: z.string(),
  algorithm: z.enum(KEY_ALGORITHMS),
  usage: z.string(),
  mode_of_use: z.string(),
  exportability: z.string(),
  version: z.string(),
  components_required: z.number().int(),
  /** The named custodians; empty when any designated custodians may enter the components. */
  custodians: z.array(person),
  opened_by: z.string(),
  state: z.enum(KEY_CEREMONY_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  /** Why it was cancelled (the canceller's words) or that it expired. */
  ended_reason: z.string().nullable(),
  components: z.array(ceremonyComponent),
  /** The assembled key's KCV, once the last component is in. */
  kcv: z.string().nullable(),
  /** Whether the caller may enter the next component, and if not, why (in words the screen shows). */
  you: z.object({ may_enter: z.boolean(), why_not: z.string().nullable() }),
});
export type KeyCeremony = z.infer<typeof keyCeremony>;
export const keyCeremoniesResponse = z.object({ data: z.array(keyCeremony) });
export const keyCeremonyParams = z.object({ ceremony_id: z.string().uuid() });
export const keyCeremonyComponentEntry = z.object({
  value: keyHex,
  /** The KCV the custodian saw and confirmed for the value (symmetric_key_utils/kcv): checked again. */
  kcv: kcvHex,
});
export const keyCeremonyCancel = z.object({
  reason: z.string().trim().min(1, 'Say why the ceremony is cancelled').max(CANCEL_REASON_MAX, `At most ${CANCEL_REASON_MAX} characters`),
});

/**
 * The reverse of a ceremony: a key exported as two or three components, one to each named custodian. Each
 * component is made by the server and kept only in the keystore until its custodian, in their own session, reveals
 * it: once, to them alone; it is destroyed as it is shown, and unrevealed ones when the export is cancelled or expires.
 */
export const KEY_COMPONENT_EXPORT_STATES = ['open', 'completed', 'cancelled', 'expired'] as const;
export type KeyComponentExportState = (typeof KEY_COMPONENT_EXPORT_STATES)[number];

export const keyComponentExportOpen = z.object({
  key: keyNameRef,
  /** The custodians who each receive one component, in the components' order: two or three distinct designated ones. */
  custodians: z
    .array(z.string().uuid())
    .min(2, 'Name two or three custodians, one for each component')
    .max(3, 'Name two or three custodians, one for each component')
    .refine((ids) => new Set(ids).size === ids.length, 'Name each custodian once'),
  expires_in_hours: z.number().int().min(1, 'At least 1 hour').max(CEREMONY_HOURS_MAX, `At most ${CEREMONY_HOURS_MAX} hours`).default(CEREMONY_HOURS_DEFAULT),
});
export type KeyComponentExportOpen = z.output<typeof keyComponentExportOpen>;

export const exportedComponent = z.object({
  position: z.number().int(),
  custodian: z.string(),
  kcv: z.string(),
  /** When its custodian saw it; null until then. */
  revealed_at: z.string().nullable(),
  /** Whether the caller may reveal this component now, and if not, why (in words the screen shows). */
  you: z.object({ may_reveal: z.boolean(), why_not: z.string().nullable() }),
});

export const keyComponentExport = z.object({
  id: z.string().uuid(),
  key: z.string(),
  algorithm: z.enum(KEY_ALGORITHMS),
  /** The exported key's KCV: the components' XOR has it. */
  kcv: z.string(),
  custodians: z.array(person),
  opened_by: z.string(),
  state: z.enum(KEY_COMPONENT_EXPORT_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  /** Why it was cancelled (the canceller's words) or that it expired. */
  ended_reason: z.string().nullable(),
  components: z.array(exportedComponent),
});
export type KeyComponentExport = z.infer<typeof keyComponentExport>;
export const keyComponentExportsResponse = z.object({ data: z.array(keyComponentExport) });
export const keyComponentExportParams = z.object({ export_id: z.string().uuid() });
/** The caller's own component, answered once. */
export const revealedComponent = z.object({ position: z.number().int(), value: z.string(), kcv: z.string() });
export type RevealedComponent = z.infer<typeof revealedComponent>;
export const keyComponentExportCancel = z.object({
  reason: z.string().trim().min(1, 'Say why the export is cancelled').max(CANCEL_REASON_MAX, `At most ${CANCEL_REASON_MAX} characters`),
});

/** The refusals of ceremonies and custodians, in the screens' words. */
export const KeyCeremonyMessages = {
  ceremonyNotFound: 'No such key ceremony in this service.',
  notCustodian: 'You are not a key custodian of this service: a service user administrator can designate you.',
  notNamedCustodian: 'This ceremony names other custodians.',
  alreadyEntered: 'You have already entered a component of this ceremony: each component comes from a different custodian.',
  openerMayNotEnter: "You opened this ceremony, and this service's policy does not let the opener enter a component.",
  ended: (state: string) => `This ceremony is ${state}: it takes no more components.`,
  componentRepeated: 'This component has the same KCV as one already entered: each custodian holds a different component.',
  custodianNotEligible: (username: string) => `${username} cannot be a key custodian: they are not a user of this service with the Key category.`,
  notDesignated: (username: string) => `${username} is not a key custodian of this service.`,
  tooFewCustodians: (needed: number, designated: number) =>
    `A ceremony of ${needed} components needs ${needed} key custodians who may enter them; this service has ${designated}.`,
  nameInCeremony: (name: string) => `A key ceremony for ${name} is already open.`,
  singleOperatorOff:
    "This service requires split knowledge: open a key ceremony so that each custodian enters their own component in their own session. (Its policy does not allow single-operator component entry.)",
  cancelled: (by: string, reason: string) => `Cancelled by ${by}: ${reason}`,
  expired: 'Expired before every component was entered.',
  exportNotFound: 'No such key component export in this service.',
  openerMayNotHold: "You are opening this export, and this service's policy does not let the opener hold a component.",
  notYourComponent: 'This component is another custodian\'s: only they can see it.',
  noComponentForYou: 'This export names other custodians: it holds no component for you.',
  alreadyRevealed: 'You have already seen your component of this export: a component is shown once, and it is gone from Keydeck.',
  exportEnded: (state: string) => `This export is ${state}: its components that were not revealed are destroyed.`,
  exportExpired: 'Expired before every component was revealed.',
} as const;
