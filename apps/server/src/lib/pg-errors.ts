/** True when `error` is PostgreSQL's unique violation (23505) on `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
