import type { ZodType } from 'zod';
import type { ErrorCode } from '../common/error-codes.ts';
import type { ValidationCatalogue } from '../common/i18n/catalogue.ts';
import { enValidation } from '../common/i18n/en-validation.ts';
import type { ApiErrorBody } from '../common/types.ts';

/**
 * A sentence a page shows as the server wrote it, in whichever language the catalogue given is
 * (server/request-language.ts); the API's English when none is.
 */
export type Worded = (messages: ValidationCatalogue) => string;

/** An error the client caused or must know about; the error handler turns it into `{ error, code }`. */
export class ApiError extends Error {
  /** The sentence in the request's language, when the error has one (see `Worded`). */
  private readonly worded: Worded | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string | Worded,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(typeof message === 'string' ? message : message(enValidation));
    this.worded = typeof message === 'string' ? undefined : message;
  }

  /** The answer's body, its sentence in the language of `messages` when it has one. */
  toBody(messages: ValidationCatalogue = enValidation): ApiErrorBody {
    const error = this.worded ? this.worded(messages) : this.message;
    return this.issues
      ? { error, code: this.code, issues: this.issues }
      : { error, code: this.code };
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
