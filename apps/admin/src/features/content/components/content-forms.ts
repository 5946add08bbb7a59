import { fromWallClockInput, wallClockInput } from '@app/shared';

/**
 * `datetime-local` input text of an ISO instant on the scoped merchant's wall clock (`zone`, the
 * zone the lists print times in; decision 024), not the browser's; '' for none.
 */
export function localInputOf(iso: string | null, zone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : wallClockInput(date, zone);
}

/** The ISO instant of a `datetime-local` value read in `zone`; null when empty or not a time. */
export function isoOfLocalInput(text: string, zone: string): string | null {
  return fromWallClockInput(text, zone)?.toISOString() ?? null;
}

/** Images as the form edits them: one `url` per line, shown in that order. */
export function imagesOfText(text: string): { url: string; sequence: number }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((url, i) => ({ url, sequence: i + 1 }));
}

export function textOfImages(images: { url: string; sequence: number }[]): string {
  return [...images]
    .sort((a, b) => a.sequence - b.sequence)
    .map((image) => image.url)
    .join('\n');
}
