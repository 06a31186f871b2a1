import type { ErrorCode } from '../../../common/error-codes.ts';
import { t } from '../../lib/i18n.ts';

/** A failed auth action, with the app's error code so the forms can pick the spec's text. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | undefined,
    readonly status: number = 0,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** better-auth's own codes, for answers the server passes through without translating them. */
const betterAuthCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_EXISTS',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
};

interface AuthFailureBody {
  status?: number;
  statusText?: string;
  code?: string;
  message?: string;
  error?: unknown;
}

function errorCode(status: number, code: string | undefined): ErrorCode | undefined {
  if (status === 429) return 'RATE_LIMITED';
  if (!code) return status === 401 ? 'INVALID_CREDENTIALS' : undefined;
  return betterAuthCodes[code] ?? (code as ErrorCode);
}

/** Reads the error of a better-auth client call: the server's `{error, code}` or better-auth's `{message, code}`. */
export function toAuthError(failure: AuthFailureBody): AuthError {
  const status = failure.status ?? 0;
  const message =
    (typeof failure.error === 'string' && failure.error) ||
    failure.message ||
    failure.statusText ||
    t.authTexts.failed;
  return new AuthError(message, errorCode(status, failure.code), status);
}

export function describeFailure(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  return new AuthError(error instanceof Error ? error.message : String(error), undefined);
}
