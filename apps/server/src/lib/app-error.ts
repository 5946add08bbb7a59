import type { ErrorCode } from '@app/shared';

/** The one error type services throw; the error handler turns it into the error envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly value: Record<string, unknown> = {},
    detail?: string,
  ) {
    super(detail ?? code);
    this.name = 'AppError';
  }
}
