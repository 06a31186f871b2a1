/**
 * The environment, parsed once. Nothing else in the server reads process.env.
 * A bad setting ends start-up with one line naming it (see ConfigError).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_APP_NAME } from '../common/constants.ts';

export interface Config {
  appName: string;
  port: number;
  host: string;
  /** A file path for SQLite, or a postgres:// URL. */
  databaseUrl: string;
  authSecret: string;
  publicUrl: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  seedDemo: boolean;
  authRateLimit: number;
  /** Proxies whose X-Forwarded-For is believed; empty means the socket address is the client. */
  trustProxy: string[];
  production: boolean;
  logLevel: string;
  /** Where the built client lives; null serves the API alone (tests of the API need no build). */
  clientDir: string | null;
}

export class ConfigError extends Error {}

const DATA_DIR = './data';

const booleanSetting = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

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
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIR: z.string().trim().min(1).default('dist/client'),
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
  return {
    appName: settings.APP_NAME,
    port: settings.PORT,
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL,
    authSecret: settings.AUTH_SECRET ?? persistentDevSecret(),
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, ''),
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
    production,
    logLevel: settings.LOG_LEVEL,
    clientDir: settings.CLIENT_DIR,
  };
}
