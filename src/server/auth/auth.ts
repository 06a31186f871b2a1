/** better-auth, configured for Pathagar: e-mail and password, Google when configured, cookie sessions in the database. */
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { PASSWORD_MIN_LENGTH } from '../../common/constants.ts';
import { passwordSchema } from '../../common/schemas.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { AuthLog } from '../logging.ts';

/**
 * The auth bridge writes the client's address here (and drops any value a client sent), so the
 * rate limiter keys on the real address, never on one bucket shared by everybody.
 */
export const CLIENT_IP_HEADER = 'x-pathagar-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

const enforcePasswordRule = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return;
  const password: unknown = (ctx.body as { password?: unknown } | undefined)?.password;
  if (typeof password !== 'string' || !passwordSchema.safeParse(password).success) {
    throw new APIError('BAD_REQUEST', {
      code: 'WEAK_PASSWORD',
      message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters and contain both uppercase and lowercase letters.`,
    });
  }
});

/** Google as an OpenID Connect provider found through its issuer, so tests can stand a local issuer in for it. */
function googleProvider(google: NonNullable<Config['google']>) {
  return genericOAuth({
    config: [
      {
        providerId: 'google',
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
      },
    ],
  });
}

/** `log` takes better-auth's lines, so they reach the JSON logs with the request's id. */
export function createAuth(config: Config, database: Database, log: AuthLog) {
  const authRateRule = { window: 60, max: config.authRateLimit };
  return betterAuth({
    appName: config.appName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db: database.db, type: database.kind },
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN_LENGTH, autoSignIn: true },
    user: {
      // DECISIONS.md §10. Never taken from a sign-up or update body (input: false): only the
      // librarian CLI, LIBRARIAN_EMAILS and the desk set them. Read from the database with the
      // session on every request.
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'member', input: false },
        blocked: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              role: config.librarianEmails.includes(user.email.toLowerCase())
                ? 'librarian'
                : 'member',
              blocked: false,
            },
          }),
        },
      },
    },
    plugins: [bearer(), ...(config.google ? [googleProvider(config.google)] : [])],
    trustedOrigins: [config.publicUrl],
    hooks: { before: enforcePasswordRule },
    rateLimit: {
      enabled: true,
      // In the database, so the limit holds across every server process sharing it.
      storage: 'database',
      // Reading the session is what every page load does; limiting it would sign out whole
      // offices behind one address. Only attempts to sign in or up are limited. Sign-ins by
      // password are counted by the bridge instead, failures alone, per address and per
      // account (sign-in-limits.ts): here every attempt counted, so 10 members behind one
      // address used up the minute. The first matching rule applies.
      customRules: {
        '/sign-in/email': false,
        '/sign-in/*': authRateRule,
        '/sign-up/*': authRateRule,
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: 'pathagar',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // Otherwise better-auth prints refusals (a missing Origin) and crashes to the console as text.
    // Thrown, a refusal still becomes its answer and a crash reaches the app's error handler,
    // which logs it as JSON with the request id.
    onAPIError: { throw: true },
    logger: {
      disabled: config.logLevel === 'silent',
      level: config.production ? 'error' : 'warn',
      log,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
