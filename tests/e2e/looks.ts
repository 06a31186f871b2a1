/**
 * A page as each member sees it — English or Bangla, light or dark, a desktop's 1280 px or a
 * phone's 375 px — and the accessibility check every journey runs on it: axe, once the page's
 * entrance animations have ended (contrast is judged on the steady page, not on a card half faded
 * in), with no serious or critical violation.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Language = 'en' | 'bn';
export type Theme = 'light' | 'dark';

export interface Look {
  language: Language;
  theme: Theme;
}

/** English and Bangla, each light and dark. */
export const LOOKS: Look[] = (['en', 'bn'] as const).flatMap((language) =>
  (['light', 'dark'] as const).map((theme) => ({ language, theme })),
);

export const WIDTHS = [1280, 375] as const;

/** The language cookie and the system's colour scheme of a look; the next page load shows it. */
export async function dressAs(page: Page, { language, theme }: Look) {
  const url = new URL(page.url().startsWith('http') ? page.url() : 'http://localhost/');
  const baseURL = `${url.protocol}//${url.host}`;
  await page.context().addCookies([{ name: 'lang', value: language, url: baseURL }]);
  await page.emulateMedia({ colorScheme: theme });
}

/**
 * Waits until every animation that ends has ended (endless ones, a spinner, are left running);
 * fails naming those still running after a while.
 */
export async function animationsEnded(page: Page) {
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const name =
            animation instanceof CSSAnimation
              ? animation.animationName
              : animation instanceof CSSTransition
                ? animation.transitionProperty
                : 'script';
          return `${name} on ${target?.tagName ?? '?'}.${String(target?.className ?? '')}`;
        }),
    );
  // Polled often: an entrance animation is a few hundred ms, and the default back-off (100, 250, 500,
  // 1000 ms) would sit up to a second past its end before every axe run.
  await expect
    .poll(running, { message: 'animations still running', timeout: 10_000, intervals: [50, 100] })
    .toEqual([]);
}

type AxeOptions = Parameters<AxeBuilder['options']>[0];
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** The axe-core script AxeBuilder itself runs (its own dependency, so the same version). */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;

/**
 * axe's findings on the steady page (animations and colour transitions ended, since contrast is
 * judged on the colours that stay), with axe's own rules and `options`. AxeBuilder puts
 * axe's 580 kB script into the page again on every run and opens a blank page to merge the
 * frames' results; on a page of one frame that was two thirds of each check's time (2.5–4.5 s
 * against 1 s on a loaded machine), so there axe runs in the page itself, put in once per
 * document. A page with frames (the reader's) is still read frame by frame by AxeBuilder.
 */
export async function axeResults(page: Page, options: AxeOptions = {}): Promise<AxeResults> {
  await animationsEnded(page);
  await renderBelowFold(page);
  if (page.frames().length > 1) return new AxeBuilder({ page }).options(options).analyze();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
}

/**
 * Lays out the parts the browser skips until they come near the screen (`.below-fold`, whose
 * `content-visibility: auto` spares the first render): axe judges only what is laid out, and a
 * full-page screenshot draws only that.
 */
export async function renderBelowFold(page: Page) {
  await page.evaluate(() => {
    for (const part of document.querySelectorAll<HTMLElement>('.below-fold'))
      part.style.contentVisibility = 'visible';
  });
}

/** axe on the steady page: no serious or critical violation; `label` names the page in a failure. */
export async function expectAccessible(page: Page, label: string) {
  // label-content-name-mismatch is experimental in axe, so asked for by name (issue 29).
  const results = await axeResults(page, {
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, label).toEqual([]);
}

/**
 * Screenshots for people to look at (docs/product.md's pages), taken when PAGE_SHOTS names a
 * folder: a CI run, where nobody opens them, spends no time on them.
 */
export async function shoot(page: Page, name: string) {
  const folder = process.env.PAGE_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await animationsEnded(page);
  await renderBelowFold(page);
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/**
 * Checks the page now shown at both widths: axe and a screenshot at each. `ready` says when the
 * page has what it shows (its heading, its data).
 */
export async function checkBothWidths(
  page: Page,
  name: string,
  look: Look,
  ready: () => Promise<void>,
) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await ready();
    const label = `${name} ${look.language} ${look.theme} ${width}`;
    await expectAccessible(page, label);
    await shoot(page, label.replace(/[^\w]+/g, '-'));
  }
}
