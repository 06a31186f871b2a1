import { Navigate } from 'react-router';
import { paths } from '../lib/routes.ts';

/** The banner's Explore Now button opens the catalogue (DECISIONS §7). */
export function Component() {
  return <Navigate to={paths.allBooks} replace />;
}
