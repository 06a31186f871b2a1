/**
 * The people of a desk journey: a librarian signed in on the test's page, and a member signed in
 * on a page of a browser context of their own, so each keeps their own session.
 */
import type { Browser, Page } from '@playwright/test';
import { memberDraft, signUpThroughApi } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';

export async function librarianAndReader(
  { page, browser, baseURL }: { page: Page; browser: Browser; baseURL: string | undefined },
  librarian: { name: string; address: keyof typeof E2E_LIBRARIANS },
  readerName: string,
): Promise<Page> {
  await signUpThroughApi(
    page.request,
    memberDraft({ name: librarian.name, email: E2E_LIBRARIANS[librarian.address] }),
    baseURL,
  );
  const reader = await (await browser.newContext({ baseURL })).newPage();
  await signUpThroughApi(reader.request, memberDraft({ name: readerName }), baseURL);
  return reader;
}
