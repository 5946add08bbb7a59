import { DEFAULT_TIME_ZONE, formatDisplayAmount, parseAmount } from '@app/shared';

/** An API amount ("1234.50", "-12.05") with thousands separators; the text itself if malformed. */
export function displayAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const minor = parseAmount(negative ? amount.slice(1) : amount);
  if (minor === null) return amount;
  return formatDisplayAmount(negative ? -minor : minor);
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** The runtime's formatter of a wall clock in `zone` (the zone data is Intl's, decision 024). */
function dateTimeIn(zone: string): Intl.DateTimeFormat {
  let format = dateTimes.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimes.set(zone, format);
  }
  return format;
}

/** An ISO time as `yyyy-MM-dd HH:mm:ss` in the merchant's time zone, its business day. */
export function displayTime(iso: string | null, zone: string = DEFAULT_TIME_ZONE): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    dateTimeIn(zone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
