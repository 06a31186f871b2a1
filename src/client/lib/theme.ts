/**
 * Light and dark themes. Until the visitor picks one, no `data-theme` is set and daisyUI follows
 * the system preference; a choice is remembered in localStorage under 'theme'.
 */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    // Storage can be blocked (privacy settings); the system preference still applies.
    return null;
  }
}

export const systemTheme = (): Theme => (darkQuery().matches ? 'dark' : 'light');

export const currentTheme = (): Theme => storedTheme() ?? systemTheme();

/** Runs before the first render so that a remembered theme never flashes the other one. */
export function applyStoredTheme() {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
}

export function chooseTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** Calls back when the system preference changes; returns the unsubscribe function. */
export function onSystemThemeChange(callback: () => void) {
  const query = darkQuery();
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}
