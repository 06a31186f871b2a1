/**
 * The auth context of docs/product.md#roles: the current user, a loading flag and the four actions.
 * The server's session is the source of truth: it is read before the first render (the server
 * wrote it into the page), after every action, when the tab comes back into view and when another
 * tab signs out. `loading` is true while an action runs, until the session has been read afresh.
 */
import { forgetMemberOnDevice, keepForOffline, registerServiceWorker } from '../../lib/offline.ts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Role } from '../../../common/constants.ts';
import { uploadImage } from '../../lib/upload-image.ts';
import { onUnauthorized } from '../../lib/api-client.ts';
import type { SessionUser } from './auth-client.ts';
import { toAuthError } from './auth-error.ts';
import { signInWithGooglePopup } from './google-popup.ts';
import { fetchSessionUser, loadAuthClient, tellOtherTabsOfSignOut } from './auth-session.ts';
import { useServerSession } from './use-server-session.ts';
import { language } from '../../lib/i18n.ts';

export interface AppUser {
  uid: string;
  displayName: string;
  email: string;
  emailVerified: boolean;
  photoURL: string | null;
  /** What the server says the account is; only for what to offer, never trusted by the server. */
  role: Role;
}

export interface AuthContextValue {
  user: AppUser | null;
  loading: boolean;
  googleSignIn: () => Promise<void>;
  /**
   * Signs a member up. A photo given as a file is uploaded once the account exists (uploads need a
   * member); answers false when that upload failed, the account then having no photo.
   */
  createUser: (
    name: string,
    email: string,
    password: string,
    photo: string | File,
  ) => Promise<{ photoStored: boolean }>;
  signInUser: (email: string, password: string) => Promise<void>;
  signOutUser: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const toAppUser = (user: SessionUser): AppUser => ({
  uid: user.id,
  displayName: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  photoURL: user.image ?? null,
  role: user.role === 'librarian' ? 'librarian' : 'member',
});

const hasSession = async () => (await fetchSessionUser()) !== null;

export function AuthProvider({
  atLoad,
  children,
}: {
  /** Who was signed in when the page loaded (main.tsx reads it before the first render). */
  atLoad: SessionUser | null;
  children: ReactNode;
}) {
  const { sessionUser, refetch } = useServerSession(atLoad);
  const [runningActions, setRunningActions] = useState(0);
  const user = useMemo(() => (sessionUser ? toAppUser(sessionUser) : null), [sessionUser]);

  const runAction = useCallback(
    async (action: () => Promise<void>) => {
      setRunningActions((count) => count + 1);
      try {
        await action();
      } finally {
        await refetch();
        setRunningActions((count) => count - 1);
      }
    },
    [refetch],
  );

  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    // Production only: in development Vite serves the modules and there is no worker to register.
    if (import.meta.env.PROD) registerServiceWorker();
    if (navigator.onLine) keepForOffline();
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn) return;
    // The server ended the session (revoked, expired, user removed): sign this client out too.
    return onUnauthorized(() => {
      void loadAuthClient()
        .then((client) => client.signOut())
        .then(forgetMemberOnDevice)
        .finally(refetch);
    });
  }, [signedIn, refetch]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading: runningActions > 0,
      googleSignIn: () => runAction(() => signInWithGooglePopup(hasSession)),
      createUser: async (name, email, password, photo) => {
        let photoStored = true;
        await runAction(async () => {
          const client = await loadAuthClient();
          // The member's mails are written in the language they signed up in (docs/product.md#language);
          // better-auth takes `lang` as an additional field of the user (server/auth/auth.ts).
          const image = typeof photo === 'string' ? photo : undefined;
          const signUp = { name, email, password, image, lang: language };
          const { error } = await client.signUp.email(signUp);
          if (error) throw toAuthError(error);
          if (typeof photo === 'string') return;
          try {
            const { url } = await uploadImage(photo);
            const updated = await client.updateUser({ image: url });
            photoStored = !updated.error;
          } catch {
            photoStored = false;
          }
        });
        return { photoStored };
      },
      signInUser: (email, password) =>
        runAction(async () => {
          const client = await loadAuthClient();
          const { error } = await client.signIn.email({ email, password });
          if (error) throw toAuthError(error);
        }),
      signOutUser: () =>
        runAction(async () => {
          const client = await loadAuthClient();
          const { error } = await client.signOut();
          if (error) throw toAuthError(error);
          await forgetMemberOnDevice();
          tellOtherTabsOfSignOut();
        }),
    }),
    [user, runningActions, runAction],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
