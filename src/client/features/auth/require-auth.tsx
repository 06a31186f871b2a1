import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../../components/layout/loading-overlay.tsx';
import { paths } from '../../lib/routes.ts';
import { useAuth } from './auth-context.tsx';

/** Lets members through; sends visitors to sign in, remembering where they were going. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingOverlay />;
  if (!user) return <Navigate to={paths.signIn} state={{ from: location }} replace />;
  return <Outlet />;
}
