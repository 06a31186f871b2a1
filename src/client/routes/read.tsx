import { useCallback, useEffect, useRef, useState } from 'react';
import { keepForOffline } from '../lib/offline.ts';
import { Link, useLoaderData, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';
import { EpubUnavailable, fetchEpub, keepReadingPosition } from '../features/ebooks/ebooks-api.ts';
import {
  createFoliateView,
  readFraction,
  withoutOverlayer,
  type FoliateView,
  type Relocation,
  type TocItem,
} from '../features/reader/foliate-view.ts';
import { readerStyles } from '../features/reader/reader-styles.ts';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { tPages } from '../lib/page-texts.ts';
import { paths } from '../lib/routes.ts';
import { chooseTheme, currentTheme } from '../lib/theme.ts';
import type { loadReader } from '../features/ebooks/ebook-loaders.ts';

const FONT_SIZES = { min: 70, max: 200, step: 10, initial: 100 };
const FONT_SIZE_KEY = 'reader-font-size';
/** A place is sent to the server once the reader has stayed on a page this long. */
const KEEP_PLACE_AFTER_MS = 600;

type Failure = 'signIn' | 'loan' | 'notFound' | 'failed';

function storedFontSize(): number {
  try {
    const stored = Number(localStorage.getItem(FONT_SIZE_KEY));
    return stored >= FONT_SIZES.min && stored <= FONT_SIZES.max ? stored : FONT_SIZES.initial;
  } catch {
    return FONT_SIZES.initial;
  }
}

function failureOf(error: unknown): Failure {
  if (!(error instanceof EpubUnavailable)) return 'failed';
  if (error.status === 401) return 'signIn';
  if (error.status === 403) return 'loan';
  if (error.status === 404) return 'notFound';
  return 'failed';
}

/** The CSS of the book's pages for this text size and theme, in the stage's own colours. */
function lookOf(
  stage: HTMLElement | null,
  { fontSize, dark }: { fontSize: number; dark: boolean },
) {
  const colours = stage ? getComputedStyle(stage) : null;
  const text = colours?.color ?? '';
  return readerStyles({
    fontSize,
    dark,
    text,
    link: colours?.getPropertyValue('--color-primary') || text,
  });
}

/** Arrows turn pages, unless the reader is typing or choosing in a control. */
function isPageKey(event: KeyboardEvent): 'prev' | 'next' | null {
  const target = event.target as HTMLElement | null;
  if (target?.closest?.('input, select, textarea, dialog')) return null;
  if (event.key === 'ArrowLeft') return 'prev';
  if (event.key === 'ArrowRight') return 'next';
  return null;
}

function Contents({ toc, onChoose }: { toc: TocItem[]; onChoose: (href: string) => void }) {
  return (
    <ol className="flex flex-col gap-1">
      {toc.map((item) => (
        <li key={item.href}>
          <button
            type="button"
            className="btn btn-ghost btn-sm h-auto min-h-8 w-full justify-start text-left whitespace-normal"
            onClick={() => onChoose(item.href)}
          >
            {item.label}
          </button>
          {item.subitems && item.subitems.length > 0 && (
            <div className="ml-4">
              <Contents toc={item.subitems} onChoose={onChoose} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function Unavailable({ failure }: { failure: Failure }) {
  const texts = tPages.digitalLibraryTexts.reader;
  const location = useLocation();
  const sentence = {
    signIn: texts.signInRequired,
    loan: texts.loanRequired,
    notFound: texts.notFound,
    failed: texts.failed,
  }[failure];
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-lg font-semibold">{sentence}</p>
      {failure === 'signIn' ? (
        <Link to={paths.signIn} state={{ from: location }} className="btn btn-primary">
          {tPages.digitalLibraryTexts.signIn}
        </Link>
      ) : (
        <Link to={paths.readOnline} className="btn btn-primary">
          {texts.goBorrow}
        </Link>
      )}
    </div>
  );
}

/**
 * The reader (docs/product/digital-library.md): the EPUB rendered in the page by foliate-js, in
 * frames where the book's own scripts never run; contents, previous and next by button, arrow
 * key and swipe, text size, light and dark; the place kept on the server for members.
 */
export function Component() {
  const { book, position } = useLoaderData<typeof loadReader>();
  const { user } = useAuth();
  const texts = tPages.digitalLibraryTexts.reader;
  const bookId = book?._id ?? '';
  const stage = useRef<HTMLDivElement>(null);
  const contents = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<FoliateView | null>(null);
  const [failure, setFailure] = useState<Failure | null>(book ? null : 'notFound');
  const [toc, setToc] = useState<TocItem[]>([]);
  const [progress, setProgress] = useState(position?.progress ?? 0);
  const [fontSize, setFontSize] = useState(storedFontSize);
  const [dark, setDark] = useState(() => currentTheme() === 'dark');
  const signedIn = user !== null;
  /** The look chosen now, read by the opening below once the book has been fetched. */
  const look = useRef({ fontSize, dark });
  useEffect(() => {
    look.current = { fontSize, dark };
  }, [fontSize, dark]);
  /** The look the book's pages have now; a change of size or theme lays them out again. */
  const applied = useRef<{ fontSize: number; dark: boolean } | null>(null);

  // Opens the book once; the place the member left it in, if any, is where it opens.
  useEffect(() => {
    if (!bookId) return;
    const aborted = new AbortController();
    let opened: FoliateView | null = null;
    void (async () => {
      try {
        const file = await fetchEpub(bookId, aborted.signal);
        const created = await createFoliateView();
        if (aborted.signal.aborted) return;
        created.className = 'block h-full w-full';
        stage.current?.append(created);
        opened = created;
        await created.open(file);
        withoutOverlayer(created);
        // The page's look before its first page is laid out: applied afterwards, it laid the
        // page out again and moved it (a layout shift of 0.25, issue 36).
        applied.current = look.current;
        created.renderer.setStyles?.(lookOf(stage.current, look.current));
        setToc(created.book.toc ?? []);
        setView(created);
        // The book's details may have come in the page's HTML: kept now for reading offline.
        if (navigator.onLine) keepForOffline([`/api/books/${encodeURIComponent(bookId)}`]);
        await created
          .init({ lastLocation: position?.locator ?? null })
          .catch(() => created.init({ showTextStart: true }));
      } catch (error) {
        if (!aborted.signal.aborted) setFailure(failureOf(error));
      }
    })();
    return () => {
      aborted.abort();
      opened?.close();
      opened?.remove();
    };
    // The stored place is read once, when the book opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookId]);

  // The page's look follows the text size and the theme.
  useEffect(() => {
    const now = applied.current;
    if (!view || (now?.fontSize === fontSize && now.dark === dark)) return;
    applied.current = { fontSize, dark };
    view.renderer.setStyles?.(lookOf(stage.current, { fontSize, dark }));
  }, [view, fontSize, dark]);

  // Keeps the place on the server when the reader stays on a page (members only).
  useEffect(() => {
    if (!view) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onRelocate = (event: Event) => {
      const { detail } = event as CustomEvent<Relocation>;
      const { cfi } = detail;
      const fraction = readFraction(detail);
      setProgress(fraction);
      if (!signedIn || !cfi) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void keepReadingPosition(bookId, cfi, fraction),
        KEEP_PLACE_AFTER_MS,
      );
    };
    view.addEventListener('relocate', onRelocate);
    return () => {
      clearTimeout(timer);
      view.removeEventListener('relocate', onRelocate);
    };
  }, [view, signedIn, bookId]);

  // A link out of the book opens in a tab that cannot reach back to this one: foliate would open
  // it with window.open(href, '_blank'), and the page opened could move the library's tab to a
  // look-alike through window.opener (issue 33). Only web addresses open.
  useEffect(() => {
    if (!view) return;
    const onExternalLink = (event: Event) => {
      event.preventDefault();
      const { href } = (event as CustomEvent<{ href: string }>).detail;
      if (/^https?:\/\//i.test(href)) window.open(href, '_blank', 'noopener,noreferrer');
    };
    view.addEventListener('external-link', onExternalLink);
    return () => view.removeEventListener('external-link', onExternalLink);
  }, [view]);

  // Arrow keys, on the page and inside the book's own frames (foliate announces each as `load`).
  useEffect(() => {
    if (!view) return;
    const onKey = (event: KeyboardEvent) => {
      const turn = isPageKey(event);
      if (!turn) return;
      event.preventDefault();
      void (turn === 'prev' ? view.prev() : view.next());
    };
    const onLoad = (event: Event) =>
      (event as CustomEvent<{ doc: Document }>).detail.doc.addEventListener('keydown', onKey);
    document.addEventListener('keydown', onKey);
    view.addEventListener('load', onLoad);
    return () => {
      document.removeEventListener('keydown', onKey);
      view.removeEventListener('load', onLoad);
    };
  }, [view]);

  const changeFontSize = useCallback((by: number) => {
    setFontSize((size) => {
      const next = Math.min(FONT_SIZES.max, Math.max(FONT_SIZES.min, size + by));
      try {
        localStorage.setItem(FONT_SIZE_KEY, String(next));
      } catch {
        // The size then lasts for this page only.
      }
      return next;
    });
  }, []);

  const toggleTheme = () => {
    const next = !dark;
    chooseTheme(next ? 'dark' : 'light');
    setDark(next);
  };

  const choose = (href: string) => {
    contents.current?.close();
    void view?.goTo(href);
  };

  if (failure) return <Unavailable failure={failure} />;
  const ready = view !== null;
  return (
    // On a phone the book takes the whole screen, above the site's header, so that its toolbar
    // stays in view; on a wide screen it fills the window below the navbar.
    <section
      className="flex flex-col bg-base-100 max-lg:fixed max-lg:inset-0 max-lg:z-40 lg:h-[calc(100dvh-4rem)] lg:min-h-96"
      aria-label={book?.name}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-base-300 px-2 py-2 sm:px-4">
        <Link to={paths.readOnline} className="btn btn-ghost btn-sm" aria-label={texts.back}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 className="min-w-0 flex-1 truncate font-semibold" lang={book?.language ?? undefined}>
          {book?.name}
        </h1>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => contents.current?.showModal()}
          disabled={!ready || toc.length === 0}
        >
          {texts.contents}
        </button>
        <div className="join" role="group" aria-label={texts.fontSize(fontSize)}>
          {/* Named by hidden text: an aria-label without the mark shown (A−, অ−) fails
              label-content-name-mismatch. */}
          <button
            type="button"
            className="btn join-item btn-sm"
            onClick={() => changeFontSize(-FONT_SIZES.step)}
            disabled={fontSize <= FONT_SIZES.min}
          >
            <span aria-hidden="true">{texts.smallerMark}</span>
            <span className="sr-only">{texts.smaller}</span>
          </button>
          <button
            type="button"
            className="btn join-item btn-sm"
            onClick={() => changeFontSize(FONT_SIZES.step)}
            disabled={fontSize >= FONT_SIZES.max}
          >
            <span aria-hidden="true">{texts.largerMark}</span>
            <span className="sr-only">{texts.larger}</span>
          </button>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={toggleTheme}>
          {dark ? texts.light : texts.dark}
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-stretch">
        <button
          type="button"
          className="btn btn-ghost h-auto rounded-none px-1 sm:px-3"
          onClick={() => void view?.prev()}
          disabled={!ready}
          aria-label={texts.previous}
        >
          <span aria-hidden="true" className="text-3xl">
            ‹
          </span>
        </button>
        <div ref={stage} className="relative min-w-0 flex-1 bg-base-100 text-base-content">
          {!ready && (
            <p className="absolute inset-0 flex items-center justify-center" role="status">
              {texts.loading}
            </p>
          )}
        </div>
        <button
          type="button"
          className="btn btn-ghost h-auto rounded-none px-1 sm:px-3"
          onClick={() => void view?.next()}
          disabled={!ready}
          aria-label={texts.next}
        >
          <span aria-hidden="true" className="text-3xl">
            ›
          </span>
        </button>
      </div>
      <p className="border-t border-base-300 py-1 text-center text-sm" aria-live="polite">
        {texts.progress(Math.round(progress * 100))}
      </p>
      <dialog ref={contents} className="modal" aria-labelledby="contents-heading">
        <div className="modal-box">
          <h2 id="contents-heading" className="mb-3 text-lg font-semibold">
            {texts.contents}
          </h2>
          <Contents toc={toc} onChoose={choose} />
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn btn-sm">
                {texts.closeContents}
              </button>
            </form>
          </div>
        </div>
      </dialog>
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
