import { formatDisplayAmount, parseAmount } from '@app/shared';

/** An API amount ("1234.50", "-12.05") with thousands separators; the text itself if malformed. */
export function displayAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const minor = parseAmount(negative ? amount.slice(1) : amount);
  if (minor === null) return amount;
  return formatDisplayAmount(negative ? -minor : minor);
}

const dateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO time as `yyyy-MM-dd HH:mm:ss` in Manila time, the platform's business day. */
export function displayTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
