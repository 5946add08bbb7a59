import { z } from 'zod';
import { LANGUAGES } from './lists/languages.js';

export { LANGUAGES };
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

/** Reads a `Language` header or query value; anything unknown falls back to `fallback`. */
export function parseLanguage(value: unknown, fallback: Language): Language {
  const parsed = Language.safeParse(typeof value === 'string' ? value.toUpperCase() : value);
  return parsed.success ? parsed.data : fallback;
}
