/**
 * The one HTTP client of the app. axios echoes the XSRF-TOKEN cookie into X-XSRF-TOKEN on
 * same-origin requests by default, which is how unsafe requests pass the server's CSRF check.
 */
import axios, { AxiosError } from 'axios';
import type { ApiErrorBody, ErrorCode } from '../../common/error-codes.ts';

export const api = axios.create({ baseURL: '/api', timeout: 0 });

export interface ApiFailure {
  status: number;
  code: ErrorCode | undefined;
  message: string;
}

/** Reads the `{ error, code }` body of a failed call; network failures get status 0. */
export function apiFailure(error: unknown): ApiFailure {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    return {
      status: error.response?.status ?? 0,
      code: body?.code,
      message: body?.error ?? error.message,
    };
  }
  return {
    status: 0,
    code: undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}
