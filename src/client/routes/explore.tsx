import { Navigate } from 'react-router';
import { paths } from '../lib/routes.ts';

/** The banner's Explore Now opens the search page, open to everyone (docs/product.md#search). */
export function Component() {
  return <Navigate to={paths.search()} replace />;
}
