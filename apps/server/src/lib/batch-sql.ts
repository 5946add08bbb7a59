// Set-based statements (the ledger's batcher and the vendor wallet's): one statement for many
// entries or accounts. Each list travels as one JSON literal inside the statement text, so that a
// batcher can send a statement together with BEGIN or COMMIT in one round trip (the simple query
// protocol takes no parameters). `literal` quotes it; the statements are otherwise fixed text.

/** A row of a statement sent as text, before it is parsed. */
export type RawRow = Record<string, unknown>;

/** A string as an SQL literal, whatever standard_conforming_strings says. */
export function literal(text: string): string {
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * SQLSTATE of the check of a batch write (a division by zero): an entry's key was taken, or a
 * balance is off.
 */
export const BATCH_CHECK_FAILED = '22012';
