/** better-auth, configured for Pathagar: e-mail and password, Google when configured, cookie sessions in the database. */
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { AUTH_BASE_PATH, PASSWORD_MIN_LENGTH } from '../../common/constants.ts';
import { pagePaths } from '../../common/page-paths.ts';
import type { ZodType } from 'zod';
import { formSchemas, UNSAFE_NAME_CHARACTERS } from '../../common/form-schemas.ts';
import {
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageOfRequest,
  type Language,
} from '../../common/i18n/languages.ts';
import { passwordSchema } from '../../common/schemas.ts';
import { validationCatalogues } from '../request-language.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { setRoleByEmail } from '../members/members.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import type { AuthLog } from '../logging.ts';
import type { Notices } from '../notices/notices.service.ts';
import type { Images } from '../images/images.service.ts';
import { passwordHashing, type PasswordScheme } from './password-hashing.ts';

/**
 * The auth bridge writes the client's address here (and drops any value a client sent), so the
 * rate limiter keys on the real address, never on one bucket shared by everybody.
 */
export const CLIENT_IP_HEADER = 'x-pathagar-client-ip';

/** Every path of better-auth that sets a password, and the body field that carries it. */
const passwordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Every path that takes profile fields, checked with the register form's own rules, in each
 * language: the form shows the server's reason in the page's (server/request-language.ts).
 */
const profileSchemas = Object.fromEntries(
  LANGUAGES.map((language) => {
    const schemas = formSchemas(validationCatalogues[language]);
    const byPath: Record<string, ZodType> = {
      '/sign-up/email': schemas.signUpProfileSchema,
      '/update-user': schemas.profileUpdateSchema,
    };
    return [language, byPath];
  }),
) as Record<Language, Record<string, ZodType>>;

/** A 400 `{ error, code: 'VALIDATION', issues }`, as the API's own routes answer bad input. */
function validationError(error: ApiError): APIError {
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION',
    message: error.message,
    issues: error.issues,
  });
}

/**
 * The password rule of docs/product.md#catalogue on every path that sets a password (issue 13: change-password
 * took `aaaaaa`), and the profile fields' limits on sign-up and update-user (a 200,000-character
 * name, a `javascript:` photo, a 312-character address were taken). A photo given as a web
 * address is then fetched once and the account names the stored copy (docs/product.md#images).
 */
const enforceAccountRules = (images: Images) =>
  createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const passwordField = passwordFields[ctx.path];
    if (passwordField) {
      const password = body[passwordField];
      if (typeof password !== 'string' || !passwordSchema.safeParse(password).success) {
        throw new APIError('BAD_REQUEST', {
          code: 'WEAK_PASSWORD',
          message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters and contain both uppercase and lowercase letters.`,
        });
      }
    }
    const language = languageOfRequest(
      ctx.getCookie(LANGUAGE_COOKIE) ?? undefined,
      ctx.headers?.get('accept-language') ?? undefined,
    );
    const profileSchema = profileSchemas[language][ctx.path];
    if (!profileSchema) return;
    let profile: { image?: string | null };
    try {
      profile = parseInput(profileSchema, body) as { image?: string | null };
    } catch (error) {
      if (error instanceof ApiError) throw validationError(error);
      throw error;
    }
    // Only a member may have the server fetch for them on update-user: the session is read here,
    // before better-auth's own check would refuse the request after the fetch.
    let memberId: string | null = null;
    if (ctx.path === '/update-user') {
      const session = await getSessionFromCtx(ctx);
      if (!session) throw new APIError('UNAUTHORIZED', { message: 'Please sign in to continue' });
      memberId = session.user.id;
    }
    try {
      const image = await images.keep(profile.image, memberId);
      if (image !== profile.image) return { context: { body: { ...body, image } } };
    } catch (error) {
      if (error instanceof ApiError) {
        throw new APIError('BAD_REQUEST', { code: error.code, message: error.message });
      }
      throw error;
    }
  });

/** A name from elsewhere with the characters a name may not hold (form-schemas.ts) as spaces. */
const withoutUnsafeCharacters = (name: string) =>
  name.replace(new RegExp(UNSAFE_NAME_CHARACTERS, 'gu'), ' ').trim();

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

/**
 * better-auth's own count of sign-ins by password, successes included, is this many times the
 * bridge's limit of failures per address: a reading room signing in at once stays under it.
 */
const SIGN_INS_PER_COUNTED_FAILURE = 10;

/** Reset links and verification links stay valid this long (docs/product.md#accounts). */
const MAIL_TOKEN_LIFETIME_S = 60 * 60;

/**
 * `log` takes better-auth's lines, so they reach the JSON logs with the request's id; `notices`
 * puts the reset and verification mails in the outbox.
 */
export function createAuth(
  config: Config,
  database: Database,
  log: AuthLog,
  notices: Pick<Notices, 'recordAccountMail'>,
  images: Images,
  /** Starts what every account has from sign-up on: its library card and membership. */
  accountCreated: (userId: string) => Promise<void>,
  /** How passwords are hashed: better-auth's scrypt unless a test gives a cheaper one. */
  passwordScheme?: PasswordScheme,
) {
  const authRateRule = { window: 60, max: config.authRateLimit };
  const isListedLibrarian = (user: { email: string }) =>
    config.librarianEmails.includes(user.email.toLowerCase());
  const { publicUrl } = config;
  return betterAuth({
    appName: config.appName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db: database.db, type: database.kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      password: passwordHashing(passwordScheme),
      autoSignIn: true,
      // better-auth keeps the token in its verification table and deletes it when it is used.
      resetPasswordTokenExpiresIn: MAIL_TOKEN_LIFETIME_S,
      // Whoever knew the old password is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      // The link opens the app's /resetPassword page, which posts the token with the new
      // password. Like every mail, it goes through the notices' outbox; not awaited, so an unknown
      // address, which sends nothing, answers just as fast.
      sendResetPassword: async ({ user, token }) => {
        const url = `${publicUrl}/resetPassword?token=${encodeURIComponent(token)}`;
        void notices.recordAccountMail('resetPassword', user.id, url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      afterEmailVerification: async (user) => {
        if (isListedLibrarian(user)) await setRoleByEmail(database.db, user.email, 'librarian');
      },
      expiresIn: MAIL_TOKEN_LIFETIME_S,
      // better-auth's link (GET /api/auth/verify-email) marks the address verified and then
      // opens the page saying so (with ?error= when it could not). Put in the outbox, not awaited:
      // during sign-up the account's row may not be written yet.
      // The link goes to the origin the member signed up on when it is a trusted one: a link to
      // localhost from a sign-up on 127.0.0.1 opened where their session cookie is not (issue 36).
      sendVerificationEmail: async ({ user, token }, request) => {
        const origin = request?.headers.get('origin') ?? '';
        const base = config.trustedOrigins.includes(origin) ? origin : publicUrl;
        const url = `${base}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(pagePaths.emailConfirmed)}`;
        void notices.recordAccountMail('verifyEmail', user.id, url);
      },
    },
    user: {
      // docs/product.md#librarians. Never taken from a sign-up or update body (input: false): only the
      // librarian CLI, LIBRARIAN_EMAILS (once confirmed) and the desk set them. Read from the database with the
      // session on every request.
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'member', input: false },
        blocked: { type: 'boolean', required: false, defaultValue: false, input: false },
        // The language the library writes to the member in (docs/product.md#language); the client sets it
        // at sign-up and whenever the member switches. Checked by profileSchemas.
        lang: { type: 'string', required: false, input: true },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              // Google's name for the member is not checked by the sign-up rules above.
              name: withoutUnsafeCharacters(user.name),
              // A listed address is a librarian once it is known to be theirs: confirmed by
              // Google here, else by the confirmation link (afterEmailVerification). Granted at
              // sign-up, it gave the desk to whoever signed up with the address first (issue 33).
              role: isListedLibrarian(user) && user.emailVerified ? 'librarian' : 'member',
              blocked: false,
            },
          }),
          // Every account has a library card and a membership from sign-up on
          // (docs/product/desk.md, docs/product/fines-and-membership.md). Run after better-auth's
          // transaction has committed, so it may use the database freely.
          after: async (user) => {
            await accountCreated(user.id);
          },
        },
      },
    },
    plugins: [bearer(), ...(config.google ? [googleProvider(config.google)] : [])],
    trustedOrigins: config.trustedOrigins,
    hooks: { before: enforceAccountRules(images) },
    rateLimit: {
      enabled: true,
      // In the database, so the limit holds across every server process sharing it.
      storage: 'database',
      // Reading the session is what every page load does; limiting it would sign out whole
      // offices behind one address. Only attempts to sign in or up are limited. Sign-ins by
      // password are counted by the bridge instead, failures alone, per address and per
      // account (sign-in-limits.ts): here every attempt counted, so 10 members behind one
      // address used up the minute. A looser count of every attempt stays on behind it, in
      // case a request ever reaches the password check past the bridge (issue 30). The first
      // matching rule applies.
      customRules: {
        '/sign-in/email': {
          window: 60,
          max: config.authRateLimit * SIGN_INS_PER_COUNTED_FAILURE,
        },
        '/sign-in/*': authRateRule,
        '/sign-up/*': authRateRule,
        // Each of these sends a mail or tries a token: limited like sign-in, per address.
        '/request-password-reset': authRateRule,
        '/reset-password': authRateRule,
        '/reset-password/*': authRateRule,
        '/send-verification-email': authRateRule,
        '/verify-email': authRateRule,
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
