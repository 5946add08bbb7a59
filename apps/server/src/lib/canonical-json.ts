/**
 * JSON with object keys sorted at every level and bigints as decimal strings: the same content
 * always gives the same text, so it can be hashed (audit chain, idempotency request hashes).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    // Keys in code-unit order (the default sort); one string built as it goes: this runs for
    // every ledger entry and vendor call (request hashes), so no intermediate arrays.
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    let text = '{';
    for (const key of keys) {
      const item = record[key];
      if (item === undefined) continue;
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(key)}:${canonicalJson(item)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value);
}
