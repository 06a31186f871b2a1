/**
 * The library's services, made once per app (app.ts decorates the app with them): the kernel
 * first (core/: the clock, who may be served, the refusals), then each module's service, given
 * the kernel and the services it stands on. Nothing here holds a rule.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BORROW_LIMIT } from '../common/constants.ts';
import { LANGUAGES, type Language } from '../common/i18n/languages.ts';
import { bookSchemas } from '../common/schemas.ts';
import { Books } from './books/books.service.ts';
import { Categories } from './categories/categories.service.ts';
import { Copies } from './circulation/copies.service.ts';
import { DeskViews } from './circulation/desk-views.service.ts';
import { Holds } from './circulation/holds.service.ts';
import { Lending } from './circulation/lending.service.ts';
import { LoanAnswers } from './circulation/loan-answers.ts';
import { Shelf } from './circulation/shelf.ts';
import type { Config } from './config.ts';
import type { LibraryClock } from './core/clock.ts';
import { createKernel, type Kernel } from './core/kernel.ts';
import type { Database } from './db/database.ts';
import { Ebooks } from './ebooks/ebooks.service.ts';
import { Events } from './events/events.service.ts';
import { Fines } from './fines/fines.service.ts';
import type { ImageFetchOptions } from './images/image-fetch.ts';
import { Images } from './images/images.service.ts';
import { createMailer } from './mail/mailer.ts';
import { createSmsSender } from './sms/sms-sender.ts';
import { Phones } from './phones/phones.service.ts';
import { APPOINTMENT_CHANGES_PER_HOUR } from './members/appointment-changes.ts';
import { Membership } from './membership/membership.service.ts';
import { Notices } from './notices/notices.service.ts';
import { AccountClosing } from './profile/account-closing.ts';
import { pairByName, validationCatalogues } from './request-language.ts';
import { Rooms } from './rooms/rooms.service.ts';

/** The kernel of the library `config` describes, on `clock`. */
export function kernelOf(config: Config, clock: LibraryClock): Kernel {
  const { circulation: rules } = config;
  return createKernel(
    clock,
    {
      requireEmailVerification: rules.requireEmailVerification,
      finesBlockAt: config.fines.finesBlockAt,
      membershipMonths: config.fines.membershipMonths,
      timeZone: rules.timeZone,
    },
    {
      borrowLimit: BORROW_LIMIT,
      renewalsMax: rules.renewalsMax,
      holdsMax: rules.holdsMax,
      ebookLoansMax: config.ebooks.loansMax,
      roomHoursPerDay: config.rooms.hoursPerDay,
      appointmentChangesPerHour: APPOINTMENT_CHANGES_PER_HOUR,
    },
  );
}

export function createLibrary(
  config: Config,
  database: Database,
  clock: LibraryClock,
  log: FastifyBaseLogger,
  imageFetch: Partial<ImageFetchOptions> = {},
) {
  const { db } = database;
  const { circulation: rules, publicUrl, appName } = config;
  const kernel = kernelOf(config, clock);
  const keeping = { openingHours: config.openingHours, pickupDays: rules.holdPickupDays };
  const mailSettings = { publicUrl, appName, timeZone: rules.timeZone };

  const fines = new Fines(db, clock, { ...config.fines, timeZone: rules.timeZone, appName });
  const membership = new Membership(db, kernel, {
    months: config.fines.membershipMonths,
    timeZone: rules.timeZone,
  });
  const ebooks = new Ebooks(db, kernel, config.ebooks, keeping);
  const shelf = new Shelf(kernel, keeping);
  const answers = new LoanAnswers(clock, rules.renewalsMax, (returnDate) =>
    fines.fineFor(returnDate),
  );
  const deskViews = new DeskViews(db, clock, kernel.refuse, answers, fines, membership);
  const holds = new Holds(db, kernel, rules, shelf);
  const lending = new Lending(db, kernel, rules, shelf, answers, fines, deskViews, holds);
  const copies = new Copies(db, kernel, shelf, (tx, bookId) => ebooks.inUse(tx, bookId));
  const rooms = new Rooms(db, kernel, config.openingHours, config.rooms);
  const events = new Events(db, kernel, mailSettings, rooms);
  const mailer = createMailer(config.mail, log);
  const sms = createSmsSender(config.sms, log);
  const notices = new Notices(db, clock, mailer, sms, mailSettings, log, [
    () => membership.recordEndingNotices(),
    () => rooms.recordReminders(),
  ]);
  const phones = new Phones(db, kernel, notices, config.authSecret);
  const images = new Images(
    db,
    clock,
    { allowHosts: config.imageFetchAllowHosts, ...imageFetch },
    log,
  );
  const thisYear = () => Number(clock.today().slice(0, 4));
  const bookSchemasIn = Object.fromEntries(
    LANGUAGES.map((language) => [language, bookSchemas(thisYear, validationCatalogues[language])]),
  ) as Record<Language, ReturnType<typeof bookSchemas>>;
  // The routes declare the English schemas; a refusal is written in the request's language.
  pairByName(bookSchemasIn);
  return {
    kernel,
    fines,
    membership,
    lending,
    holds,
    copies,
    deskViews,
    books: new Books(db, database.changes, copies, clock),
    categories: new Categories(db, clock),
    bookSchemas: bookSchemasIn.en,
    mailer,
    notices,
    phones,
    rooms,
    events,
    images,
    ebooks,
    accounts: new AccountClosing(db, kernel.refuse, [
      fines,
      membership,
      holds,
      rooms,
      events,
      ebooks,
      notices,
      phones,
      images,
    ]),
  };
}

export type Library = ReturnType<typeof createLibrary>;
