/**
 * Money is an integer count of minor units (centavos) held in a bigint. The member API carries
 * amounts as decimal strings with exactly two places; these helpers are the only conversions.
 */

const AMOUNT_PATTERN = /^(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

/** Parses a member-API amount ("1234.5", "1234.50", "7") into minor units; null when malformed. */
export function parseAmount(text: string): bigint | null {
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Formats minor units as the member API's decimal string with two places ("-12.05"). */
export function formatAmount(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${sign}${(abs / 100n).toString()}.${fraction}`;
}

/** Formats minor units for display: thousands separators and two decimals ("1,234,567.80"). */
export function formatDisplayAmount(minor: bigint): string {
  const plain = formatAmount(minor);
  const [whole = '0', fraction = '00'] = plain.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}
