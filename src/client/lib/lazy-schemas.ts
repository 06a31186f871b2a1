/**
 * The forms' schemas (browser-schemas.ts: zod and every form's rules, in the page's language),
 * fetched when a form is first focused and awaited when it is sent. A page with a form shows
 * without first evaluating zod and building all of them: on sign in, register and the profile,
 * that held a slow phone's main thread for 300–900 ms as the page opened (docs/performance.md).
 */
import type * as BrowserSchemasModule from './browser-schemas.ts';

type BrowserSchemas = typeof BrowserSchemasModule;

let loading: Promise<BrowserSchemas> | undefined;

export function formSchemas(): Promise<BrowserSchemas> {
  loading ??= import('./browser-schemas.ts').catch((error: unknown) => {
    // A failed fetch (the connection dropped) is tried again by the next form sent.
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The schemas as a form sent needs them, or undefined when they could not be fetched (the
 * connection dropped): the form then says the library could not be reached.
 */
export const formSchemasIfReached = (): Promise<BrowserSchemas | undefined> =>
  formSchemas().catch(() => undefined);

/** A form's `onFocus`: the schemas start coming as the member starts filling the form in. */
export function fetchFormSchemas(): void {
  void formSchemasIfReached();
}
