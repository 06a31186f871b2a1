import { useState } from 'react';
import type { AppUser } from '../../features/auth/auth-context.tsx';
import { t } from '../../lib/i18n.ts';

const PLACEHOLDER = '/images/avatar-placeholder.svg';

/** The member's round photo with their name as a tooltip on hover and keyboard focus. */
export function UserAvatar({ user }: { user: AppUser }) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const photo = user.photoURL && user.photoURL !== failedSource ? user.photoURL : PLACEHOLDER;
  const name = user.displayName || user.email;

  return (
    <div className="tooltip tooltip-bottom tooltip-primary" data-tip={name}>
      <div
        className="avatar cursor-default rounded-full focus-visible:outline-2 focus-visible:outline-primary"
        tabIndex={0}
        aria-label={t.layoutTexts.signedInAs(name)}
        role="img"
        data-testid="user-avatar"
      >
        <div className="w-9 rounded-full ring-2 ring-primary/40 ring-offset-2 ring-offset-base-100 sm:w-10">
          <img
            src={photo}
            alt=""
            width={40}
            height={40}
            referrerPolicy="no-referrer"
            onError={() => setFailedSource(user.photoURL)}
          />
        </div>
      </div>
    </div>
  );
}
