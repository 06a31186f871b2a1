import { Link } from 'react-router';
import { socialLinks } from '../../content/social.ts';
import { appName } from '../../lib/app-name.ts';
import { paths } from '../../lib/routes.ts';
import { Brand } from '../ui/brand.tsx';
import { Icon } from '../ui/icon.tsx';

const pageLinks = [
  { to: paths.terms, label: 'Terms And Condition' },
  { to: paths.privacy, label: 'Privacy' },
  { to: paths.contact, label: 'Contact us' },
] as const;

/** SPEC §2 Footer. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Brand />
          <p className="max-w-xs text-sm leading-relaxed text-base-content/75">
            Your city library: books, journals and archives, a 24/7 digital library, weekly academic
            events and quiet rooms to study in.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">Library</h2>
          <ul className="space-y-2">
            {pageLinks.map(({ to, label }) => (
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
            Follow us
          </h2>
          <ul className="flex gap-3">
            {socialLinks.map(({ network, label, url }) => (
              <li key={network}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-circle btn-ghost border border-base-300"
                  aria-label={`${label} (opens in a new tab)`}
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
          © {year} {appName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
