import { authApi } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/request-password-reset (better-auth): mails a reset link when the address has an
 * account. The answer is the same either way; 429 RATE_LIMITED past the limit.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await authApi.post('/auth/request-password-reset', { email });
}
