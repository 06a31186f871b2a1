import { authApi } from '../../../lib/api-client.ts';

/** POST /api/auth/update-user (better-auth): the member's name and photo (null removes it); 400 VALIDATION with issues. */
export async function updateProfile(profile: {
  name: string;
  image: string | null;
}): Promise<void> {
  await authApi.post('/auth/update-user', profile);
}
