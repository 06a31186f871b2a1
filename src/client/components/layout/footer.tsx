import { Link } from 'react-router';
import { socialLinks } from '../../content/social.ts';
import { appName } from '../../lib/app-name.ts';
import { paths } from '../../lib/routes.ts';
import { Brand } from '../ui/brand.tsx';
import { Icon } from '../ui/icon.tsx';
import { t } from '../../lib/i18n.ts';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { serviceLinks } from './service-links.tsx';

const pageLinks = [
  { to: paths.terms, label: () => t.layoutTexts.footerTerms },
  { to: paths.privacy, label: () => t.layoutTexts.footerPrivacy },
  { to: paths.contact, label: () => t.layoutTexts.footerContact },
] as const;

/** docs/product.md#home Footer. */
export function Footer() {
  const year = new Date().getFullYear();
  const { user } = useAuth();
  return (
    <footer className="below-fold border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Brand />
          <p className="max-w-xs text-sm leading-relaxed text-base-content/75">
            {t.layoutTexts.footerAbout}
          </p>
        </div>
        <nav aria-label={t.layoutTexts.footerNav}>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
            {t.layoutTexts.footerLibrary}
          </h2>
          <ul className="space-y-2">
            {pageLinks.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="link link-hover">
                  {label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t.layoutTexts.navServices}>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
            {t.layoutTexts.navServices}
          </h2>
          <ul className="space-y-2">
            {serviceLinks(user !== null).map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="link link-hover">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
            {t.layoutTexts.followUs}
          </h2>
          <ul className="flex gap-3">
            {socialLinks.map(({ network, label, url }) => (
              <li key={network}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-circle btn-ghost border border-base-300"
                  aria-label={t.layoutTexts.opensInNewTab(label)}
                  title={label}
                >
                  <Icon name={network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-base-300">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-base-content/70 sm:px-6">
          {t.layoutTexts.copyright(year, appName)}
        </p>
      </div>
    </footer>
  );
}
