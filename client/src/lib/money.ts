const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** Whole pounds, as Kiln writes prices: £19, £1,287. */
export function formatGbp(pounds: number): string {
  return gbp.format(pounds);
}
