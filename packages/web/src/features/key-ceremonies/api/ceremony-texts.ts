import type { KeyCeremonyPolicy, KeyCeremonyState } from '@keydeck/contract/key-ceremonies';

/** The words of the key ceremonies screens. */
export const STATE_LABELS: Record<KeyCeremonyState, string> = { open: 'Open', completed: 'Completed', cancelled: 'Cancelled', expired: 'Expired' };
export const STATE_COLORS: Record<KeyCeremonyState, string> = { open: 'primary', completed: 'success', cancelled: 'gray', expired: 'warning' };

export const POLICY_LABELS = {
  openerMayBeCustodian: 'The opener may be a custodian',
  singleOperatorEntry: 'Allow single-operator component entry (not split knowledge)',
} as const;

/** The policy in one line, as the custodians region states it. */
export const policySummary = (policy: KeyCeremonyPolicy) =>
  [
    policy.opener_may_be_custodian ? 'The opener may be a custodian' : 'The opener may not enter a component',
    policy.single_operator_entry ? 'Single-operator component entry is on (not split knowledge)' : 'Single-operator component entry is off',
  ].join('. ') + '.';

export const savedCustodians = 'Saved key custodians';
export const openedCeremony = (name: string) => `Opened a key ceremony for ${name}`;
export const enteredComponent = (n: number, m: number) => `Entered component ${n} of ${m}`;
export const cancelledCeremony = (name: string) => `Cancelled the key ceremony for ${name}`;

export const openedExport = (key: string) => `Opened a component export of ${key}`;
export const cancelledExport = (key: string) => `Cancelled the component export of ${key}`;
export const revealedText = (exp: { components: { revealed_at: string | null }[] }) =>
  `${exp.components.filter((component) => component.revealed_at !== null).length} of ${exp.components.length} revealed`;
/** A component read aloud four hex digits at a time. */
export const inGroupsOfFour = (value: string) => value.match(/.{1,4}/g)?.join(' ') ?? '';
