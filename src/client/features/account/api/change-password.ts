import { authApi } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/change-password (better-auth): needs the current password (400
 * INVALID_CREDENTIALS otherwise) and a new one under the rule (400 WEAK_PASSWORD); the member's
 * other sessions end, this one goes on.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await authApi.post('/auth/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
}
