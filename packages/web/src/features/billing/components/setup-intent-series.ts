import { SETUP_INTENT_STATES, type SetupIntentState } from '@keydeck/contract/billing';

export const SETUP_INTENT_STATE_LABELS: Record<SetupIntentState, string> = {
  succeeded: 'Succeeded',
  requires_payment_method: 'Needs a card',
  requires_confirmation: 'Not confirmed',
  requires_action: 'Needs authentication',
  processing: 'Processing',
  canceled: 'Canceled',
};
const STATE_COLORS: Record<SetupIntentState, string> = {
  succeeded: 'success.7',
  requires_payment_method: 'warning.6',
  requires_confirmation: 'info.4',
  requires_action: 'info.8',
  processing: 'primary.4',
  canceled: 'secondary.5',
};

/** A state the server reports in words; one newer than this console keeps Stripe's name. */
export const setupIntentStateLabel = (state: string) => SETUP_INTENT_STATE_LABELS[state as SetupIntentState] ?? state;

/** The chart's series: one per state, stacked in the order Stripe's life cycle runs. */
export const SETUP_INTENT_SERIES = SETUP_INTENT_STATES.map((state) => ({ name: SETUP_INTENT_STATE_LABELS[state], color: STATE_COLORS[state] }));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * One row per day of the period (UTC, oldest first, today included) with a count per state, 0 where the server
 * had none: an empty day is a real zero, and closing the gap would put Tuesday's failures next to Friday's.
 */
export function perDayRows(days: readonly { day: string; counts: Record<string, number> }[], period: number, now: Date = new Date()) {
  const byDay = new Map(days.map(({ day, counts }) => [day.slice(0, 10), counts]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: period }, (_, index) => {
    const day = isoDay(new Date(today - (period - 1 - index) * 86_400_000));
    const counts = byDay.get(day) ?? {};
    const row: Record<string, string | number> = { day: dayLabel.format(new Date(`${day}T00:00:00Z`)) };
    for (const state of SETUP_INTENT_STATES) row[SETUP_INTENT_STATE_LABELS[state]] = counts[state] ?? 0;
    return row;
  });
}
