import { useEffect, useState } from 'react';
import { Icon } from '../ui/icon.tsx';
import { chooseTheme, currentTheme, onSystemThemeChange, type Theme } from '../../lib/theme.ts';
import { t } from '../../lib/i18n.ts';

/** Light/dark switch. Follows the system until the visitor picks a theme, then remembers it. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  useEffect(() => {
    const follow = () => setTheme(currentTheme());
    // The system may have changed between the first render and this subscription.
    follow();
    return onSystemThemeChange(follow);
  }, []);

  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t.layoutTexts.switchToDark : t.layoutTexts.switchToLight;
  const toggle = () => {
    chooseTheme(next);
    setTheme(next);
  };

  return (
    <button
      type="button"
      className="btn btn-ghost btn-circle btn-sm sm:btn-md"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-theme-current={theme}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
