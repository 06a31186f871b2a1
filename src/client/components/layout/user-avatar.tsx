import { useState } from 'react';
import { Link } from 'react-router';
import type { AppUser } from '../../features/auth/auth-context.tsx';
import { paths } from '../../lib/routes.ts';
import { t } from '../../lib/i18n.ts';

/** The first character (a whole grapheme, so Bangla letters keep their signs) of a word. */
const firstGrapheme = (word: string) =>
  [...new Intl.Segmenter().segment(word)][0]?.segment.toLocaleUpperCase() ?? '';

/** Up to two initials: of the first and the last word of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return firstGrapheme(first) + (last ? firstGrapheme(last) : '');
}

/**
 * The member's round photo with their name as a tooltip on hover and keyboard focus; their
 * initials when they have no photo or it does not load (docs/product.md#images). It opens their Profile.
 */
export function UserAvatar({ user }: { user: AppUser }) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const photo = user.photoURL && user.photoURL !== failedSource ? user.photoURL : null;
  const name = user.displayName || user.email;

  return (
    <div className="tooltip tooltip-bottom tooltip-primary" data-tip={name}>
      <Link
        to={paths.profile}
        className={`avatar rounded-full focus-visible:outline-2 focus-visible:outline-primary ${photo ? '' : 'avatar-placeholder'}`}
        data-testid="user-avatar"
      >
        {/* Named by hidden text, not aria-label: the initials shown are not in the name, and a
            label that leaves out the visible text fails label-content-name-mismatch. */}
        <span className="sr-only">{t.layoutTexts.avatarLink(name)}</span>
        <div className="w-9 rounded-full bg-primary text-primary-content ring-2 ring-primary/40 ring-offset-2 ring-offset-base-100 sm:w-10">
          {photo ? (
            <img
              src={photo}
              alt=""
              width={40}
              height={40}
              referrerPolicy="no-referrer"
              onError={() => setFailedSource(user.photoURL)}
            />
          ) : (
            <span
              className="text-sm font-semibold"
              aria-hidden="true"
              title={t.imageTexts.initialsOf(name)}
              data-testid="user-initials"
            >
              {initialsOf(user.displayName || user.email.split('@')[0] || '')}
            </span>
          )}
        </div>
      </Link>
    </div>
  );
}
