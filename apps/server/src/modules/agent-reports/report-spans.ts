import { addDays, dayNumber } from '@app/shared';

/**
 * Which rows of the rollup (decision 015) add up to a report's range of days: the fewest per
 * member, from the member-months (span M), member-weeks (W, ISO weeks) and member-days (D).
 *
 * A range that reaches today (`to >= today`) may use a month or week that ends after `to`: the
 * days after today hold no rounds yet, so "this month" is one month row per member and "this
 * week" one week row. The reports stay exact whatever the clocks say: whatever the rollup holds
 * for the days after `to` inside those spans (`excess`, normally nothing) is subtracted again, day
 * row by day row.
 */

export type Span = 'D' | 'W' | 'M';

/** Rows of one span whose `day` (the span's first day) lies in [first, last]. */
export type SpanBlock = { span: Span; first: string; last: string };

export type SpanPlan = {
  blocks: SpanBlock[];
  /** Day rows to subtract: the days after `to` that a month or week of `blocks` covers. */
  excess: { first: string; last: string } | null;
};

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The Monday on or after a day. */
function mondayOnOrAfter(day: string): string {
  const weekday = ((((dayNumber(day) ?? 0) + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  return addDays(day, (7 - weekday) % 7);
}

/** The last day of a span starting on `first`. */
function spanEnd(span: Span, first: string): string {
  if (span === 'M') return addDays(nextMonth(first), -1);
  return span === 'W' ? addDays(first, 6) : first;
}

const max = (a: string, b: string) => (a > b ? a : b);

/**
 * The plan for [from, to] (yyyy-MM-dd, from <= to). A span is used when it starts on or after
 * `from` and ends on or before `to`, or, when the range reaches today, starts on or before `to`.
 */
export function spanPlan(from: string, to: string, today: string): SpanPlan {
  const open = to >= today;
  const monthFits = (first: string) => first <= to && (open || spanEnd('M', first) <= to);
  const blocks: SpanBlock[] = [];
  let coveredTo = to;
  const use = (span: Span, first: string, last: string) => {
    blocks.push({ span, first, last });
    coveredTo = max(coveredTo, spanEnd(span, last));
  };

  // Whole months, then whole weeks in what is left on either side, then single days.
  const firstMonth = monthStart(from) === from ? from : nextMonth(from);
  let month = firstMonth;
  while (monthFits(month)) month = nextMonth(month);
  const pieces: [string, string][] = [];
  if (month === firstMonth) {
    pieces.push([from, to]);
  } else {
    use('M', firstMonth, monthStart(addDays(month, -1)));
    if (from < firstMonth) pieces.push([from, addDays(firstMonth, -1)]);
    if (month <= to) pieces.push([month, to]);
  }
  for (const [a, b] of pieces) {
    // A week must end inside the piece, or run past `to` where the range is open.
    const weekFits = (first: string) =>
      first <= b && (addDays(first, 6) <= b || (open && b === to));
    const firstWeek = mondayOnOrAfter(a);
    let week = firstWeek;
    while (weekFits(week)) week = addDays(week, 7);
    if (week === firstWeek) {
      blocks.push({ span: 'D', first: a, last: b });
      continue;
    }
    use('W', firstWeek, addDays(week, -7));
    if (a < firstWeek) blocks.push({ span: 'D', first: a, last: addDays(firstWeek, -1) });
    if (week <= b) blocks.push({ span: 'D', first: week, last: b });
  }
  return {
    blocks,
    excess: coveredTo > to ? { first: addDays(to, 1), last: coveredTo } : null,
  };
}
