/**
 * buildApp(config): the whole server, with no module-level state, so tests can start as many as
 * they like on any database. Plugins load in tiers: infrastructure, then the app's services, then routes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { getMigrations } from 'better-auth/db/migration';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { seedDemoCatalogue } from './seed/seed.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import type { PasswordScheme } from './auth/password-hashing.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { signInLimits } from './auth/sign-in-limits.ts';
import { session } from './auth/session.ts';
import {
  clientErrorHandler,
  errors,
  expectationFailed,
  frameworkErrors,
} from './plugins/errors.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { answerPrivacy } from './plugins/answer-privacy.ts';
import { security } from './plugins/security.ts';
import { xsrf } from './plugins/xsrf.ts';
import { spa } from './plugins/spa.ts';
import { apiContract } from './api/api-contract.ts';
import { serverEndpoints } from '../common/api/server.endpoints.ts';
import { serve } from './api/serve.ts';
import { bookRoutes } from './books/books.routes.ts';
import { circulationRoutes } from './circulation/circulation.routes.ts';
import { lendingRoutes } from './desk/lending.routes.ts';
import { deskRoutes } from './desk/desk.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { holdSweep } from './circulation/hold-sweep.ts';
import { libraryClock } from './core/clock.ts';
import { imageRoutes } from './images/images.routes.ts';
import type { Resolver } from './images/image-fetch.ts';
import { noticeSchedule } from './notices/notice-schedule.ts';
import { searchUpkeep } from './books/search-upkeep.ts';
import { searchTexts } from './books/search-texts.ts';
import { categoryRoutes } from './categories/categories.routes.ts';
import { finesRoutes } from './fines/fines.routes.ts';
import { betterAuthLog, loggerOptions, requestIdFor, trackRequestLogs } from './logging.ts';
import { roomRoutes } from './rooms/rooms.routes.ts';
import { appointmentSweep } from './rooms/appointment-sweep.ts';
import { imageSweep } from './images/image-sweep.ts';
import { eventRoutes } from './events/events.routes.ts';
import { seedDemoRoomsAndEvents } from './seed/rooms-and-events.ts';
import type { LibraryClock } from './core/clock.ts';
import { ebookRoutes } from './ebooks/ebooks.routes.ts';
import { ebookSweep } from './ebooks/ebook-sweep.ts';
import { cardNumberOf } from './members/cards.ts';
import { createLibrary, type Library } from './library.ts';
import { marcRoutes } from './marc/marc.routes.ts';

declare module 'fastify' {
  // The library's services (library.ts), each under its own name, and what the app itself opens.
  interface FastifyInstance extends Library {
    database: Database;
    /** The library's one clock: every stamp and comparison of time goes through it. */
    clock: LibraryClock;
    auth: Auth;
  }
}

const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildOptions {
  /** Pino options or false; tests pass false to keep their output readable. */
  logger?: boolean | object;
  /** Where the JSON log lines go instead of stdout; tests read them. */
  logStream?: DestinationStream;
  /** The system clock the library's clock moves from; tests move time with it instead of waiting. */
  systemNow?: () => number;
  /** How images given as URLs are fetched: tests give a short timeout and resolve made-up names. */
  imageFetch?: { timeoutMs?: number; resolve?: Resolver };
  /**
   * How passwords are hashed: better-auth's scrypt by default. The API tests give a cheaper
   * scrypt: they make hundreds of accounts, and each of the real one's hashes takes a tenth of a
   * second of a core (most of the suite's time).
   */
  passwordScheme?: PasswordScheme;
}

/** Creates the schema (ours, then better-auth's) and the demo catalogue if asked. */
async function prepareDatabase(
  config: Config,
  database: Database,
  auth: Auth,
  clock: LibraryClock,
) {
  await migrateToLatest(database.db);
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  if (config.seedDemo) {
    await seedDemoCatalogue(database.db, clock);
    await seedDemoRoomsAndEvents(database.db, {
      today: clock.today(),
      now: clock.now().toISOString(),
      timeZone: config.openingHours.timeZone,
    });
  }
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: requestIdFor,
    return503OnClosing: true,
    // Slow clients must not hold sockets and half-read bodies forever (issue 16).
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      // Node's own refusal of a missing Host is a bare 400; security.ts refuses it in the API's shape.
      requireHostHeader: false,
      headersTimeout: config.timeouts.headersMs,
      // Node looks for expired requests at this pace (30 s by default), so it bounds how late they close.
      connectionsCheckingInterval:
        Math.min(config.timeouts.headersMs, config.timeouts.requestMs) / 4,
    },
    frameworkErrors: frameworkErrors(config),
    clientErrorHandler: clientErrorHandler(config),
  });
  app.server.on('checkExpectation', expectationFailed(config));
  const currentLog = trackRequestLogs(app);
  const database = openDatabase(config.databaseUrl);
  app.decorate('database', database);
  app.addHook('onClose', async () => database.close());
  const { circulation: rules } = config;
  const clock = libraryClock(rules.timeZone, rules.clockOffsetMs, options.systemNow);
  app.decorate('clock', clock);
  if (rules.clockOffsetMs !== 0) {
    app.log.warn({ clockOffsetMs: rules.clockOffsetMs, now: clock.now() }, 'the clock is moved');
  }
  const library = createLibrary(config, database, clock, app.log, options.imageFetch);
  // Each service under its own name; Fastify's decorate cannot type a name it does not know.
  for (const name of Object.keys(library) as (keyof Library)[])
    app.decorate(name, library[name] as never);
  app.addHook('onClose', async () => library.books.logFigures(app.log));
  // Closing waits for the mails still being sent (they need no database).
  app.addHook('onClose', async () => library.mailer.close());
  const auth = createAuth(
    config,
    database,
    betterAuthLog(currentLog),
    library.notices,
    library.images,
    async (userId) => {
      await cardNumberOf(database.db, clock, userId);
      await library.membership.start(userId);
    },
    options.passwordScheme,
  );
  app.decorate('auth', auth);
  try {
    await database.withStartupLock(() => prepareDatabase(config, database, auth, clock));
  } catch (error) {
    await database.close();
    throw error;
  }

  await app.register(errors);
  await app.register(apiContract);
  await app.register(inputGuard);
  await app.register(security, { config });
  await app.register(answerPrivacy);
  await app.register(xsrf, { secure: config.publicUrl.startsWith('https://') });
  await app.register(session, { auth, catalogueEditors: config.catalogueEditors });

  serve(app, serverEndpoints, {
    health: async (_request, reply) =>
      (await database.ping())
        ? { status: 'ok' as const }
        : reply
            .code(503)
            .send({ error: 'The database does not answer', code: 'SERVICE_UNAVAILABLE' }),
  });
  // One count of password checks for sign-in, change-password and deleting an account.
  const limits = signInLimits(database.db, clock, config.authRateLimit);
  await app.register(authRoutes, { auth, origin: config.publicUrl, limits });
  await app.register(bookRoutes);
  await app.register(categoryRoutes);
  await app.register(circulationRoutes);
  await app.register(deskRoutes);
  await app.register(lendingRoutes);
  await app.register(imageRoutes);
  await app.register(profileRoutes, { appName: config.appName, limits });
  await app.register(roomRoutes);
  await app.register(eventRoutes);
  await app.register(ebookRoutes);
  await app.register(marcRoutes);
  await app.register(ebookSweep);
  await app.register(finesRoutes);
  await app.register(holdSweep);
  await app.register(appointmentSweep);
  await app.register(imageSweep);
  await app.register(noticeSchedule);
  await app.register(searchUpkeep);
  await app.register(searchTexts);
  await app.register(spa, {
    clientDir: config.clientDir,
    appName: config.appName,
    catalogueEditors: config.catalogueEditors,
    returns: config.circulation.returns,
    openingHours: config.openingHours,
  });
  return app;
}
