/**
 * The auth context of SPEC.md §1: the current user, a loading flag and the four actions.
 * better-auth's session store is the source of truth; `loading` is true until the first session
 * answer and again while an action runs, until the session has been read afresh.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { isAxiosError } from 'axios';
import { api } from '../../lib/api-client.ts';
import { authClient, type SessionUser } from './auth-client.ts';
import { toAuthError } from './auth-error.ts';
import { signInWithGooglePopup } from './google-popup.ts';

export interface AppUser {
  uid: string;
  displayName: string;
  email: string;
  emailVerified: boolean;
  photoURL: string | null;
}

export interface AuthContextValue {
  user: AppUser | null;
  loading: boolean;
  googleSignIn: () => Promise<void>;
  createUser: (name: string, email: string, password: string, photoURL: string) => Promise<void>;
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
});

async function hasSession(): Promise<boolean> {
  const { data } = await authClient.getSession();
  return Boolean(data?.user);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const [runningActions, setRunningActions] = useState(0);
  const sessionUser = session.data?.user;
  const user = useMemo(() => (sessionUser ? toAppUser(sessionUser) : null), [sessionUser]);
  const { refetch } = session;

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
    // The server ended the session (revoked, expired, user removed): sign this client out too.
    const interceptor = api.interceptors.response.use(undefined, (error: unknown) => {
      if (isAxiosError(error) && error.response?.status === 401) void authClient.signOut();
      return Promise.reject(error);
    });
    return () => api.interceptors.response.eject(interceptor);
  }, [signedIn]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading: session.isPending || runningActions > 0,
      googleSignIn: () => runAction(() => signInWithGooglePopup(hasSession)),
      createUser: (name, email, password, photoURL) =>
        runAction(async () => {
          const { error } = await authClient.signUp.email({
            name,
            email,
            password,
            image: photoURL,
          });
          if (error) throw toAuthError(error);
        }),
      signInUser: (email, password) =>
        runAction(async () => {
          const { error } = await authClient.signIn.email({ email, password });
          if (error) throw toAuthError(error);
        }),
      signOutUser: () =>
        runAction(async () => {
          const { error } = await authClient.signOut();
          if (error) throw toAuthError(error);
        }),
    }),
    [user, session.isPending, runningActions, runAction],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
