/**
 * The environment, parsed once. Nothing else in the server reads process.env.
 * A bad setting ends start-up with one line naming it (see ConfigError).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  CATALOGUE_EDITORS,
  CIRCULATION_DEFAULTS,
  DEFAULT_APP_NAME,
  FINES_DEFAULTS,
  RETURNS,
  EBOOK_DEFAULTS,
  type CatalogueEditors,
  type Returns,
} from '../common/constants.ts';
import { parseClosedDays, parseHours, type OpeningHours } from '../common/opening-hours.ts';

/** The circulation rules (docs/product.md#circulation). */
export interface CirculationSettings {
  loanDays: number;
  renewalsMax: number;
  holdsMax: number;
  holdPickupDays: number;
  /** The IANA time zone whose calendar decides "today" and so every due date. */
  timeZone: string;
  /** When the library opens: a ready hold is kept until closing time. */
  openingHours: OpeningHours;
  /** Milliseconds added to the system clock (CLOCK_OFFSET), for demos and tests. */
  clockOffsetMs: number;
  /** Borrowing and holds wait until the member's e-mail address is verified (docs/product.md#accounts). */
  requireEmailVerification: boolean;
  /** Who records a return (RETURNS): the member's Return Book button, or only the desk's check-in. */
  returns: Returns;
}

/** The digital library (docs/product/digital-library.md). */
export interface EbookSettings {
  /** How long an e-loan lasts (EBOOK_LOAN_DAYS). */
  loanDays: number;
  /** E-loans a member may hold at once (EBOOK_LOANS_MAX). */
  loansMax: number;
  /** The largest EPUB accepted (EBOOK_MAX_MB), in bytes. */
  maxBytes: number;
}

/** Where mail goes (docs/product.md#accounts). */
export interface MailSettings {
  /** `smtp://` or `smtps://user:pass@host:port`; null writes each mail to `outboxDir` instead. */
  smtpUrl: string | null;
  /** The From header of every mail. */
  from: string;
  /** Where mails are written as `.eml` files when no SMTP server is set. */
  outboxDir: string;
}

/** Study-room bookings (docs/product/rooms-and-events.md). */
export interface RoomSettings {
  /** The length of a slot; bookings start and end on slot boundaries from opening time. */
  slotMinutes: number;
  /** The most hours of bookings a member may hold on one day. */
  hoursPerDay: number;
  /** How many days after today a booking may be made for. */
  daysAhead: number;
  /** Minutes after its start a booking nobody checked in to is released as a no-show. */
  noShowMinutes: number;
}

/** Fines and membership (docs/product/fines-and-membership.md); amounts in whole taka. */
export interface FineSettings {
  finePerDay: number;
  fineMaxPerLoan: number;
  finesBlockAt: number;
  lostCopyCharge: number;
  membershipMonths: number;
}

export interface Config {
  appName: string;
  port: number;
  host: string;
  /** A file path for SQLite, or a postgres:// URL. */
  databaseUrl: string;
  authSecret: string;
  publicUrl: string;
  /** Origins whose pages may sign in and up: PUBLIC_URL, or both loopback names when it is unset. */
  trustedOrigins: string[];
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  seedDemo: boolean;
  authRateLimit: number;
  /** Proxies whose X-Forwarded-For is believed; empty means the socket address is the client. */
  trustProxy: string[];
  /** How long a client may take to send a request, its headers, and how long an idle connection stays open. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  production: boolean;
  logLevel: string;
  circulation: CirculationSettings;
  fines: FineSettings;
  mail: MailSettings;
  ebooks: EbookSettings;
  /** Accounts that become librarians once their address is confirmed (LIBRARIAN_EMAILS), lower-cased. */
  librarianEmails: string[];
  /** Who may add, update and increment books (CATALOGUE_EDITORS). */
  catalogueEditors: CatalogueEditors;
  /** Host names (IMAGE_FETCH_ALLOW_HOSTS, lower-cased) whose images are fetched whatever their address and port. */
  imageFetchAllowHosts: string[];
  /** Where the built client lives; null serves the API alone (tests of the API need no build). */
  clientDir: string | null;
  /** When the library is open (LIBRARY_HOURS, LIBRARY_CLOSED_DAYS, on LIBRARY_TIMEZONE's clock). */
  openingHours: OpeningHours;
  rooms: RoomSettings;
}

export class ConfigError extends Error {}

const DATA_DIR = './data';

const booleanSetting = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** `20d`, `-3h`, `90m` or `30s`: how far the server's clock is moved. */
const clockOffset = z
  .string()
  .trim()
  .regex(/^-?\d{1,6}[dhms]$/, 'must be a whole number of d, h, m or s, such as 20d or -3h')
  .transform(
    (value) => Number(value.slice(0, -1)) * UNIT_MS[value.slice(-1) as keyof typeof UNIT_MS],
  );

const timeZone = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Asia/Dhaka');

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
/** A duration in seconds; fractions are allowed, so tests can wait briefly. */
const seconds = z.coerce.number().min(0.1).max(3600);

/** An SMTP server's URL; its password never reaches an error message. */
const smtpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be smtp://host:port or smtps://user:password@host:port');

/** Every setting, with its default; .env.example lists each of them (tests/platform/env-example.test.ts). */
export const envSchema = z.object({
  APP_NAME: z.string().trim().min(1).default(DEFAULT_APP_NAME),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().trim().min(1).default(`${DATA_DIR}/pathagar.db`),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  SEED_DEMO: booleanSetting.default(true),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  TRUST_PROXY: z.string().trim().default(''),
  REQUEST_TIMEOUT: seconds.default(30),
  HEADERS_TIMEOUT: seconds.default(10),
  KEEP_ALIVE_TIMEOUT: seconds.default(5),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIR: z.string().trim().min(1).default('dist/client'),
  LOAN_DAYS: count(1, 365, CIRCULATION_DEFAULTS.loanDays),
  RENEWALS_MAX: count(0, 100, CIRCULATION_DEFAULTS.renewalsMax),
  HOLDS_MAX: count(1, 100, CIRCULATION_DEFAULTS.holdsMax),
  HOLD_PICKUP_DAYS: count(1, 60, CIRCULATION_DEFAULTS.holdPickupDays),
  LIBRARY_TIMEZONE: timeZone.default(CIRCULATION_DEFAULTS.libraryTimezone),
  CLOCK_OFFSET: clockOffset.optional(),
  REQUIRE_EMAIL_VERIFICATION: booleanSetting.default(false),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  OUTBOX_DIR: z.string().trim().min(1).default(`${DATA_DIR}/outbox`),
  LIBRARIAN_EMAILS: z
    .string()
    .trim()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (emails) => emails.every((email) => z.email().safeParse(email).success),
      'must be e-mail addresses separated by commas',
    ),
  CATALOGUE_EDITORS: z.enum(CATALOGUE_EDITORS).default('members'),
  RETURNS: z.enum(RETURNS).default('members'),
  IMAGE_FETCH_ALLOW_HOSTS: z
    .string()
    .trim()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  LIBRARY_HOURS: z
    .string()
    .default('09:00-20:00')
    .transform((value, context) => {
      const hours = parseHours(value);
      if (!hours) {
        context.addIssue({
          code: 'custom',
          message: 'must be an opening and a closing time such as 09:00-20:00',
        });
        return z.NEVER;
      }
      return hours;
    }),
  LIBRARY_CLOSED_DAYS: z
    .string()
    .default('fri')
    .transform((value, context) => {
      const days = parseClosedDays(value);
      if (!days || days.length === 7) {
        context.addIssue({
          code: 'custom',
          message:
            'must be three-letter days separated by commas, such as fri or fri,sat, not all seven',
        });
        return z.NEVER;
      }
      return days;
    }),
  ROOM_SLOT_MINUTES: count(15, 240, 60),
  ROOM_HOURS_PER_DAY: count(1, 24, 2),
  ROOM_DAYS_AHEAD: count(0, 90, 7),
  ROOM_NO_SHOW_MINUTES: count(1, 240, 15),
  EBOOK_LOAN_DAYS: count(1, 365, EBOOK_DEFAULTS.loanDays),
  EBOOK_LOANS_MAX: count(1, 100, EBOOK_DEFAULTS.loansMax),
  EBOOK_MAX_MB: count(1, 1024, EBOOK_DEFAULTS.maxMb),
  FINE_PER_DAY: count(0, 100_000, FINES_DEFAULTS.finePerDay),
  FINE_MAX_PER_LOAN: count(0, 1_000_000, FINES_DEFAULTS.fineMaxPerLoan),
  FINES_BLOCK_AT: count(1, 1_000_000, FINES_DEFAULTS.finesBlockAt),
  LOST_COPY_CHARGE: count(0, 1_000_000, FINES_DEFAULTS.lostCopyCharge),
  MEMBERSHIP_MONTHS: count(1, 120, FINES_DEFAULTS.membershipMonths),
});

/** Outside production a missing secret is generated once and kept beside the database. */
function persistentDevSecret(): string {
  const file = path.join(DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid setting ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const settings = parsed.data;
  const production = settings.NODE_ENV === 'production';
  if (production && !settings.AUTH_SECRET) {
    throw new ConfigError('Missing setting AUTH_SECRET: it is required when NODE_ENV=production');
  }
  if (Boolean(settings.GOOGLE_CLIENT_ID) !== Boolean(settings.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid setting GOOGLE_CLIENT_ID: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  if (settings.HEADERS_TIMEOUT > settings.REQUEST_TIMEOUT) {
    throw new ConfigError(
      'Invalid setting HEADERS_TIMEOUT: it may not be longer than REQUEST_TIMEOUT',
    );
  }
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '');
  const openingHours: OpeningHours = {
    ...settings.LIBRARY_HOURS,
    closedDays: settings.LIBRARY_CLOSED_DAYS,
    timeZone: settings.LIBRARY_TIMEZONE,
  };
  return {
    appName: settings.APP_NAME,
    port: settings.PORT,
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL,
    authSecret: settings.AUTH_SECRET ?? persistentDevSecret(),
    publicUrl,
    trustedOrigins: settings.PUBLIC_URL
      ? [publicUrl]
      : [publicUrl, `http://127.0.0.1:${settings.PORT}`],
    google:
      settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
        ? {
            clientId: settings.GOOGLE_CLIENT_ID,
            clientSecret: settings.GOOGLE_CLIENT_SECRET,
            issuer: settings.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : null,
    seedDemo: settings.SEED_DEMO,
    authRateLimit: settings.AUTH_RATE_LIMIT,
    trustProxy: settings.TRUST_PROXY.split(',')
      .map((proxy) => proxy.trim())
      .filter(Boolean),
    timeouts: {
      requestMs: settings.REQUEST_TIMEOUT * 1000,
      headersMs: settings.HEADERS_TIMEOUT * 1000,
      keepAliveMs: settings.KEEP_ALIVE_TIMEOUT * 1000,
    },
    production,
    logLevel: settings.LOG_LEVEL,
    clientDir: settings.CLIENT_DIR,
    librarianEmails: settings.LIBRARIAN_EMAILS,
    catalogueEditors: settings.CATALOGUE_EDITORS,
    imageFetchAllowHosts: settings.IMAGE_FETCH_ALLOW_HOSTS,
    openingHours,
    rooms: {
      slotMinutes: settings.ROOM_SLOT_MINUTES,
      hoursPerDay: settings.ROOM_HOURS_PER_DAY,
      daysAhead: settings.ROOM_DAYS_AHEAD,
      noShowMinutes: settings.ROOM_NO_SHOW_MINUTES,
    },
    circulation: {
      loanDays: settings.LOAN_DAYS,
      renewalsMax: settings.RENEWALS_MAX,
      holdsMax: settings.HOLDS_MAX,
      holdPickupDays: settings.HOLD_PICKUP_DAYS,
      timeZone: settings.LIBRARY_TIMEZONE,
      openingHours,
      clockOffsetMs: settings.CLOCK_OFFSET ?? 0,
      requireEmailVerification: settings.REQUIRE_EMAIL_VERIFICATION,
      returns: settings.RETURNS,
    },
    fines: {
      finePerDay: settings.FINE_PER_DAY,
      fineMaxPerLoan: settings.FINE_MAX_PER_LOAN,
      finesBlockAt: settings.FINES_BLOCK_AT,
      lostCopyCharge: settings.LOST_COPY_CHARGE,
      membershipMonths: settings.MEMBERSHIP_MONTHS,
    },
    mail: {
      smtpUrl: settings.SMTP_URL ?? null,
      from: settings.MAIL_FROM ?? `${settings.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
      outboxDir: settings.OUTBOX_DIR,
    },
    ebooks: {
      loanDays: settings.EBOOK_LOAN_DAYS,
      loansMax: settings.EBOOK_LOANS_MAX,
      maxBytes: settings.EBOOK_MAX_MB * 1024 * 1024,
    },
  };
}
