/**
 * The language a request's answer is for (DECISIONS §14): the page that sent it was written in
 * its `lang` cookie or, on a first visit, its Accept-Language, so a message the page shows as the
 * server wrote it (a catalogue import's report, a refused loan's dates) is written in the same.
 * A client that names no language gets English, the API's own.
 */
import type { FastifyRequest } from 'fastify';
import type { ValidationCatalogue } from '../common/i18n/catalogue.ts';
import { bnValidation } from '../common/i18n/bn-validation.ts';
import { enValidation } from '../common/i18n/en-validation.ts';
import { LANGUAGE_COOKIE, languageOfRequest, type Language } from '../common/i18n/languages.ts';

export const validationCatalogues: Record<Language, ValidationCatalogue> = {
  en: enValidation,
  bn: bnValidation,
};

/** The request's language; its cookies are not read yet when Fastify refuses it early. */
export const requestLanguage = (request: Pick<FastifyRequest, 'cookies' | 'headers'>): Language =>
  languageOfRequest(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);

/** The validation messages in the request's language. */
export const validationMessagesOf = (request: Pick<FastifyRequest, 'cookies' | 'headers'>) =>
  validationCatalogues[requestLanguage(request)];
