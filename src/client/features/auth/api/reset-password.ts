import { authApi } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/reset-password (better-auth): sets the new password with the mailed token, which
 * then stops working. 400 INVALID_TOKEN for a used or expired token, 400 WEAK_PASSWORD.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await authApi.post('/auth/reset-password', { token, newPassword });
}
