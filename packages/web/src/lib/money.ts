const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units (Stripe's cents) in its ISO currency, in the user's locale: 4900 EUR → "€49.00".
 * The currency's own number of decimals comes from Intl (JPY has none), so the division follows it.
 */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  const decimals = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amount / 10 ** decimals);
}
