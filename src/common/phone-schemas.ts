/**
 * A member's mobile number and the notices they want by SMS: what the API takes and answers
 * (docs/product.md#sms). The number is Bangladeshi: `+8801` and nine digits.
 */
import { z } from 'zod';
import { PHONE_CODE, SMS_NOTICE_KINDS } from './constants.ts';

/**
 * The number as the library keeps it (`+8801XXXXXXXXX`), from the ways members write it —
 * `+880 1712-345678`, `8801712345678`, `01712345678` — or null when it is no Bangladeshi mobile
 * number.
 */
export function bangladeshiMobile(input: string): string | null {
  const digits = input.trim().replace(/[\s().-]/g, '');
  const national = /^(?:\+?88)?(01\d{9})$/.exec(digits)?.[1];
  return national ? `+88${national}` : null;
}

/** PUT /api/profile/phone: checked by the server (400 `INVALID_PHONE`), so any text up to 40. */
export const phoneRequestSchema = z.strictObject({
  phone: z.string().max(40).describe('+8801 and nine digits; 01XXXXXXXXX and spaces are taken too'),
});

/** POST /api/profile/phone/verify: the code the SMS brought (400 `INVALID_CODE` when not it). */
export const phoneCodeSchema = z.strictObject({
  code: z.string().max(20).describe(`The ${PHONE_CODE.digits} digits sent by SMS`),
});

/** The member's number and whether it is confirmed; null when they have none. */
export const phoneStateSchema = z
  .object({
    phone: z.string().nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'Phone' });

/** PUT /api/profile/phone: the number kept, unconfirmed, and until when the code sent works. */
export const phoneCodeSentSchema = phoneStateSchema.extend({
  verified: z.literal(false),
  codeExpiresAt: z.string().describe('ISO time'),
});

/** POST /api/profile/phone/verify: the number, now confirmed. */
export const phoneVerifiedSchema = z.object({ phone: z.string(), verified: z.literal(true) });

/** Which notices the member wants by SMS (GET and PATCH /api/profile/sms-choices). */
export const smsChoicesSchema = z
  .object(
    Object.fromEntries(SMS_NOTICE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      (typeof SMS_NOTICE_KINDS)[number],
      z.ZodBoolean
    >,
  )
  .meta({ id: 'SmsChoices' });

/**
 * PATCH /api/profile/sms-choices: kinds left out stay as they were; at least one must be named.
 * Turning one on needs a confirmed number (409 `PHONE_NOT_VERIFIED`).
 */
export const smsChoicesUpdateSchema = z
  .strictObject(
    Object.fromEntries(SMS_NOTICE_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      (typeof SMS_NOTICE_KINDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .refine((choices) => Object.values(choices).some((value) => value !== undefined), {
    message: `Name at least one of ${SMS_NOTICE_KINDS.join(', ')}`,
  });

/** GET /api/profile: the member's own account, their number with it. */
export const profileSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    role: z.string(),
    createdAt: z.string(),
    phone: z.string().nullable(),
    phoneVerified: z.boolean(),
  })
  .meta({ id: 'Profile' });
