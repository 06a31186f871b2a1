import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { showToast } from '../../lib/dialogs.ts';
import { timings } from '../../lib/messages.ts';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';
import { UserAvatar } from './user-avatar.tsx';

function SignOutButton() {
  const { signOutUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const signOut = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await signOutUser();
      void showToast('success', t.successMessages.logout, undefined, timings.logoutToast);
    } catch (error) {
      // docs/product.md#errors: a failed sign-out is only logged.
      console.error('Sign out failed', error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline btn-primary btn-sm sm:btn-md"
      onClick={signOut}
      disabled={busy}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {t.layoutTexts.signOut}
    </button>
  );
}

/** The navbar's end: Login and Sign Up for visitors; avatar and Sign Out for members. */
export function UserActions() {
  const { user, loading } = useAuth();

  if (user) {
    return (
      <div className="flex items-center gap-2 sm:gap-3">
        <Link
          to={paths.card}
          // Between lg and xl the navbar's Services menu names the card; the row has no room for both.
          className="btn btn-ghost btn-square btn-sm sm:btn-md lg:max-xl:hidden"
          aria-label={t.layoutTexts.navCard}
          title={t.layoutTexts.navCard}
        >
          {/* A card with a barcode: the member's library card (docs/product/desk.md). */}
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M7 9v6M10 9v6M12 9v6M15 9v6M17 9v6" />
          </svg>
        </Link>
        <UserAvatar user={user} />
        <SignOutButton />
      </div>
    );
  }
  if (loading) {
    return <div className="skeleton h-9 w-32 rounded-field" aria-hidden="true" />;
  }
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <Link to={paths.signIn} className="btn btn-ghost btn-sm sm:btn-md">
        {t.layoutTexts.login}
      </Link>
      <Link to={paths.register} className="btn btn-primary btn-sm sm:btn-md">
        {t.layoutTexts.signUp}
      </Link>
    </div>
  );
}
