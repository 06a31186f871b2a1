/**
 * A member as every module sees them: who the signed-in caller is (auth/session.ts sets it on the
 * request) or whose card the desk scanned. What they may do is decided by core/eligibility.ts.
 */
export interface Member {
  id: string;
  name: string;
  email: string;
  /** Whether the member confirmed their address (REQUIRE_EMAIL_VERIFICATION); absent means not. */
  emailVerified?: boolean;
}
