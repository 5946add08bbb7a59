/** Joins the truthy class names; CSS module lookups may be undefined under strict indexing. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
