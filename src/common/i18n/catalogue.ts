/**
 * The shapes every language's catalogues have: English's (en.ts and en-pages.ts), with their
 * words widened to `string`. bn.ts and bn-pages.ts are declared with these types, so a missing or
 * extra key, or a text whose placeholders (a function's parameters) differ, is a type error.
 */
import type { en } from './en.ts';
import type { enPages } from './en-pages.ts';
import type { enValidation } from './en-validation.ts';
import type { enAppointments } from './en-appointments.ts';
import type { enMarc } from './en-marc.ts';
import type { enCopies } from './en-copies.ts';

/** The words of the shell and of the pages most visitors open, loaded before the first render. */
export type Catalogue = typeof en;
/** The words of the pages most visitors never open, loaded with those pages. */
export type PagesCatalogue = typeof enPages;
/** What the forms and the API say about input they cannot take, loaded with the first form. */
export type ValidationCatalogue = typeof enValidation;
/** The words of the study rooms and events pages and their desk tabs, loaded with them. */
export type AppointmentsCatalogue = typeof enAppointments;
/** The words of the desk's MARC 21 import and export, loaded with the Catalogue tab. */
export type MarcCatalogue = typeof enMarc;
/** The words of a book's copies for librarians (copies section, copy finder, labels), loaded with them. */
export type CopiesCatalogue = typeof enCopies;
