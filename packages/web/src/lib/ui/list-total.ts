/** A list's total as the server answers it (contract/paging.ts): counted, counted up to a cap, or estimated. */
export interface ListTotal {
  total: number;
  total_capped: boolean;
  total_estimated?: true | undefined;
}

const millions = new Intl.NumberFormat('en-US', { notation: 'compact', compactDisplay: 'long', maximumSignificantDigits: 2 });

/** Two significant digits: an estimate claims no more ("about 82,000", "about 1.2 million"). */
function rounded(n: number): string {
  if (n >= 1_000_000) return millions.format(n);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return (Math.round(n / unit) * unit).toLocaleString('en-US');
}

/** The words for a total that is not an exact count ("10,000+", "about 1.2 million"); undefined when it is one. */
export function inexactTotal(list: ListTotal | undefined): string | undefined {
  if (list?.total_estimated) return `about ${rounded(list.total)}`;
  if (list?.total_capped) return `${list.total.toLocaleString('en-US')}+`;
  return undefined;
}
