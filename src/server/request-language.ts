/**
 * The language a request's answer is for (docs/product.md#language): the page that sent it was written in
 * its `lang` cookie or, on a first visit, its Accept-Language, so a message the page shows as the
 * server wrote it (a catalogue import's report, a refused loan's dates, a form's refused body) is
 * written in the same.
 * A client that names no language gets English, the API's own.
 */
import type { FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { formSchemas } from '../common/form-schemas.ts';
import type { ValidationCatalogue } from '../common/i18n/catalogue.ts';
import { bnValidation } from '../common/i18n/bn-validation.ts';
import { enValidation } from '../common/i18n/en-validation.ts';
import {
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageOfRequest,
  type Language,
} from '../common/i18n/languages.ts';
import { englishFormSchemas } from '../common/schemas.ts';
import { type ApiError, validationFailure } from './http-errors.ts';

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

/**
 * The API's English schemas of the forms' payloads, each with the same rule in every language.
 * A route declares the English one (its OpenAPI document and its checks); a refusal is written
 * in the request's language with its counterpart (`refusalInLanguage`).
 */
const counterparts = new WeakMap<ZodType, Record<Language, ZodType>>();

/** Pairs schemas built for every language by the same names, English's being the routes'. */
export function pairByName(built: Record<Language, object>) {
  for (const [name, english] of Object.entries(built.en)) {
    if (!(english instanceof z.ZodType)) continue;
    const inEach = Object.fromEntries(
      LANGUAGES.map((language) => [language, (built[language] as Record<string, unknown>)[name]]),
    ) as Record<Language, ZodType>;
    counterparts.set(english, inEach);
  }
}

pairByName(
  Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      language === 'en' ? englishFormSchemas : formSchemas(validationCatalogues[language]),
    ]),
  ) as Record<Language, object>,
);

/**
 * A route's refusal of a body, written in the request's language when it is not English and the
 * body's schema has a counterpart in it; undefined when the English answer stands.
 */
export function refusalInLanguage(
  request: Pick<FastifyRequest, 'cookies' | 'headers' | 'body' | 'routeOptions'>,
  context: string,
): ApiError | undefined {
  const language = requestLanguage(request);
  const schema = request.routeOptions.schema?.body;
  if (language === 'en' || context !== 'body' || !(schema instanceof z.ZodType)) return undefined;
  const local = counterparts.get(schema)?.[language];
  const result = local?.safeParse(request.body ?? {});
  if (!result || result.success) return undefined;
  return validationFailure(
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
