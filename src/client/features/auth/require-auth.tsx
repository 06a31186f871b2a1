import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/layout/page-skeleton.tsx';
import { paths } from '../../lib/routes.ts';
import { useAuth } from './auth-context.tsx';

/**
 * Lets members through; sends visitors to sign in, remembering where they were going. Who is
 * signed in is known from the first render (the page carries it); while an action re-reads it
 * (signing in or out), a member's page stays, and an unknown visitor sees the page's frame.
 */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (user) return <Outlet />;
  if (loading) return <PageSkeleton />;
  return <Navigate to={paths.signIn} state={{ from: location }} replace />;
}
