import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pagePaths } from '../../../common/page-paths.ts';
import { isTypingIn } from '../../lib/keyboard.ts';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';
import { readSearch } from '../../lib/search-params.ts';
import { Icon } from '../ui/icon.tsx';

/** Typing pauses this long before the results follow it. */
const TYPING_PAUSE_MS = 300;

/**
 * The navbar's search field, on every page (docs/product.md#search): `/` focuses it, and the search page
 * follows what is typed once typing pauses. Each pause is a navigation to the search page's
 * address; a newer one cancels an older one still loading (React Router aborts its loader), so
 * the results are always those of the last words typed. On the search page the address changes
 * in place (no history entry per word); Back and Forward bring their own words back to the field.
 */
export function SearchField() {
  const navigate = useNavigate();
  const location = useLocation();
  const onSearchPage = location.pathname.toLowerCase() === pagePaths.search.toLowerCase();
  const search = onSearchPage ? readSearch(new URLSearchParams(location.search)) : null;
  const addressWords = search?.q ?? '';

  const [text, setText] = useState(addressWords);
  // The words of this field's own latest navigation, and the address's words last seen.
  const [sentWords, setSentWords] = useState<string | null>(null);
  const [seenWords, setSeenWords] = useState(addressWords);
  if (addressWords !== seenWords) {
    setSeenWords(addressWords);
    // An address this field made must not overwrite what has been typed since.
    if (addressWords === sentWords) setSentWords(null);
    else setText(addressWords);
  }

  const input = useRef<HTMLInputElement>(null);
  const pause = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pause.current), []);

  useEffect(() => {
    const focusOnSlash = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTypingIn(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', focusOnSlash);
    return () => document.removeEventListener('keydown', focusOnSlash);
  }, []);

  const show = (words: string) => {
    window.clearTimeout(pause.current);
    // A new search starts on its first page, in the category and order already chosen.
    const target = paths.search(search ? { ...search, q: words, page: 1 } : { q: words });
    if (target === location.pathname + location.search) return;
    setSentWords(words.trim());
    void navigate(target, { replace: onSearchPage, preventScrollReset: onSearchPage });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    show(text);
  };

  return (
    <form role="search" action={pagePaths.search} onSubmit={onSubmit} className="w-full">
      <label className="input input-sm w-full sm:input-md">
        <Icon name="search" className="size-4 shrink-0 opacity-60" />
        <input
          ref={input}
          type="search"
          name="q"
          value={text}
          onChange={(event) => {
            const words = event.target.value;
            setText(words);
            window.clearTimeout(pause.current);
            if (onSearchPage || words.trim()) {
              pause.current = window.setTimeout(() => show(words), TYPING_PAUSE_MS);
            }
          }}
          placeholder={t.searchTexts.placeholder}
          aria-label={t.searchTexts.fieldLabel}
          aria-keyshortcuts="/"
          title={t.searchTexts.shortcutHint}
          autoComplete="off"
          enterKeyHint="search"
          className="min-w-0 grow"
        />
        <kbd className="kbd kbd-sm hidden lg:inline-flex" aria-hidden="true">
          /
        </kbd>
      </label>
    </form>
  );
}
