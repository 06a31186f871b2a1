import { Link } from 'react-router';
import { paths } from '../../lib/routes.ts';

/** SPEC §2: 'Page Not Found' with a 'Go to Homepage' button. */
export function NotFoundContent() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-7xl font-bold text-primary sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 text-lg text-base-content/75">
        The page you are looking for is not on our shelves. It may have moved, or the address may be
        mistyped.
      </p>
      <Link to={paths.home} className="btn btn-primary mt-8">
        Go to Homepage
      </Link>
    </section>
  );
}
