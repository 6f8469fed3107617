import { formatMoney } from '../../../lib/money';

const ADVERBS: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

/** Stripe's price interval as an adverb: "month" → "monthly". */
export const intervalAdverb = (interval: string) => ADVERBS[interval] ?? `every ${interval}`;

/** "€49.00 / month". */
export const formatPrice = (amount: number, currency: string, interval: string) => `${formatMoney(amount, currency)} / ${interval}`;
