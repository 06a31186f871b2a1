import type { ZodType } from 'zod';
import type { ErrorCode } from '../common/error-codes.ts';
import type { ApiErrorBody } from '../common/types.ts';

/** An error the client caused or must know about; the error handler turns it into `{ error, code }`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.issues
      ? { error: this.message, code: this.code, issues: this.issues }
      : { error: this.message, code: this.code };
  }
}

/** A 400 listing every field problem, summed up by the first. */
export function validationFailure(issues: NonNullable<ApiErrorBody['issues']>): ApiError {
  const first = issues[0];
  const summary = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid input';
  return new ApiError(400, 'VALIDATION', summary, issues);
}

/** Validates input with a shared schema; a mismatch is a 400 listing every field problem. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationFailure(
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
