/**
 * The better-auth endpoints the app uses, described by hand for the OpenAPI document: better-auth
 * answers them itself behind one wildcard route (auth/auth-routes.ts), so there is no route schema
 * to generate them from. Request bodies reuse the app's own rules (common/schemas.ts); the answers
 * are better-auth's, described as far as the app relies on them and open to fields it adds.
 * The session token never appears in a browser's answers (auth-routes.ts): it is listed as
 * optional, for clients that send no cookies and ask for a bearer token.
 */
import { z, type ZodType } from 'zod';
import {
  emailSchema,
  passwordSchema,
  profileUpdateSchema,
  signUpProfileSchema,
} from '../../common/schemas.ts';
import { ROLES } from '../../common/constants.ts';

const userSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  role: z.enum(ROLES).nullish(),
  blocked: z.boolean().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const sessionSchema = z.looseObject({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  token: z.string().optional(),
});

const signedInSchema = z.looseObject({ user: userSchema, token: z.string().nullish() });
const statusSchema = z.looseObject({ status: z.boolean() });

const json = (schema: ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

const jsonContent = (schema: ZodType, io: 'input' | 'output') => ({
  'application/json': { schema: json(schema, io) },
});

const errorAnswer = {
  description: 'Refused: `{error, code}`',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

interface Operation {
  summary: string;
  body?: ZodType;
  query?: Record<string, { description: string; required?: boolean }>;
  answers: Record<string, { description: string; schema?: ZodType }>;
}

/** An OpenAPI operation object. */
type OperationObject = Record<string, unknown>;

function operation({ summary, body, query, answers }: Operation): OperationObject {
  const responses: Record<string, object> = { '4XX': errorAnswer, '5XX': errorAnswer };
  for (const [status, { description, schema }] of Object.entries(answers)) {
    responses[status] = schema
      ? { description, content: jsonContent(schema, 'output') }
      : { description };
  }
  return {
    tags: ['Accounts'],
    summary,
    ...(query && {
      parameters: Object.entries(query).map(([name, { description, required = false }]) => ({
        name,
        in: 'query',
        required,
        description,
        schema: { type: 'string' },
      })),
    }),
    ...(body && { requestBody: { required: true, content: jsonContent(body, 'input') } }),
    responses,
  };
}

const redirect = { description: 'Redirects to the page named by callbackURL' };

export function authPaths(): Record<string, Record<string, OperationObject>> {
  return {
    '/api/auth/sign-up/email': {
      post: operation({
        summary: 'Create an account and sign in',
        body: signUpProfileSchema.extend({ password: passwordSchema }),
        answers: { 200: { description: 'The new member, signed in', schema: signedInSchema } },
      }),
    },
    '/api/auth/sign-in/email': {
      post: operation({
        summary: 'Sign in with e-mail and password (failures are limited per address and account)',
        body: z.object({
          email: emailSchema,
          password: z.string(),
          rememberMe: z.boolean().optional(),
          callbackURL: z.string().optional(),
        }),
        answers: {
          200: {
            description: 'Signed in; the session cookie is set',
            schema: signedInSchema.extend({ redirect: z.boolean(), url: z.string().nullish() }),
          },
        },
      }),
    },
    '/api/auth/sign-in/social': {
      post: operation({
        summary: 'Start signing in with Google (when configured)',
        body: z.looseObject({
          provider: z.string(),
          callbackURL: z.string().optional(),
          errorCallbackURL: z.string().optional(),
        }),
        answers: {
          200: {
            description: "The provider's consent page to open",
            schema: z.looseObject({ url: z.string(), redirect: z.boolean() }),
          },
        },
      }),
    },
    '/api/auth/callback/google': {
      get: operation({
        summary: "Google's return after consent",
        query: { code: { description: 'From Google' }, state: { description: 'From Google' } },
        answers: { 302: redirect },
      }),
    },
    '/api/auth/sign-out': {
      post: operation({
        summary: 'Sign out',
        answers: {
          200: { description: 'Signed out', schema: z.looseObject({ success: z.boolean() }) },
        },
      }),
    },
    '/api/auth/get-session': {
      get: operation({
        summary: 'The session and its member, or null when signed out',
        answers: {
          200: {
            description: 'The session',
            schema: z.looseObject({ session: sessionSchema, user: userSchema }).nullable(),
          },
        },
      }),
    },
    '/api/auth/list-sessions': {
      get: operation({
        summary: "The member's sessions",
        answers: { 200: { description: 'Sessions', schema: z.array(sessionSchema) } },
      }),
    },
    '/api/auth/change-password': {
      post: operation({
        summary: 'Change the password (the rule of docs/product.md#catalogue)',
        body: z.object({
          currentPassword: z.string(),
          newPassword: passwordSchema,
          revokeOtherSessions: z.boolean().optional(),
        }),
        answers: { 200: { description: 'Changed', schema: signedInSchema } },
      }),
    },
    '/api/auth/request-password-reset': {
      post: operation({
        summary: 'Mail a reset link; the answer never tells whether the address is registered',
        body: z.object({ email: emailSchema, redirectTo: z.string().optional() }),
        answers: { 200: { description: 'Accepted', schema: statusSchema } },
      }),
    },
    '/api/auth/reset-password': {
      post: operation({
        summary: "Set a new password with a reset link's token (valid one hour, once)",
        body: z.object({ newPassword: passwordSchema, token: z.string() }),
        answers: {
          200: { description: 'Changed; every session is signed out', schema: statusSchema },
        },
      }),
    },
    '/api/auth/send-verification-email': {
      post: operation({
        summary:
          'Mail the confirmation link again (the profile\'s "send again"), to the origin asked from when trusted',
        body: z.object({ email: emailSchema, callbackURL: z.string().optional() }),
        answers: { 200: { description: 'Sent', schema: statusSchema } },
      }),
    },
    '/api/auth/verify-email': {
      get: operation({
        summary: "The verification link's target",
        query: {
          token: { description: 'From the mail', required: true },
          callbackURL: { description: 'Where to go afterwards' },
        },
        answers: {
          200: { description: 'Verified (no callbackURL)', schema: statusSchema },
          302: redirect,
        },
      }),
    },
    '/api/auth/update-user': {
      post: operation({
        summary: "Change the member's name or photo",
        body: profileUpdateSchema,
        answers: { 200: { description: 'Changed', schema: statusSchema } },
      }),
    },
  };
}
