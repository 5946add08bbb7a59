/** `datetime-local` input text (the operator's local time) of an ISO instant; '' for none. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The ISO instant of a `datetime-local` value; null when empty or not a time. */
export function isoOfLocalInput(text: string): string | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
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
