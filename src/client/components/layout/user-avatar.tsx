import { useState } from 'react';
import { Link } from 'react-router';
import type { AppUser } from '../../features/auth/auth-context.tsx';
import { paths } from '../../lib/routes.ts';
import { t } from '../../lib/i18n.ts';
import { initialsOf } from './initials.ts';

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
