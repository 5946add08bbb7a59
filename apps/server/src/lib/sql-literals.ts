/**
 * Lists written as SQL literals, for statements that travel as text (several in one message, or
 * `EXECUTE name(arguments)`: the simple query protocol takes no parameters). Every value is
 * quoted or is a number, so no caller's text reaches the statement unquoted.
 */

/** A string as an SQL literal, whatever standard_conforming_strings says. */
export function literal(text: string): string {
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

export const ints = (values: number[]) => `'{${values.join(',')}}'::integer[]`;
export const bigints = (values: (number | bigint)[]) => `'{${values.join(',')}}'::bigint[]`;
export const texts = (values: string[]) =>
  values.length === 0 ? `'{}'::text[]` : `array[${values.map(literal).join(',')}]::text[]`;
export const bools = (values: boolean[]) => `'{${values.join(',')}}'::boolean[]`;
export const json = (value: unknown) => `${literal(JSON.stringify(value))}::json`;
