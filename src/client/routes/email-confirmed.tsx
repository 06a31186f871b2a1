import { Link, useSearchParams } from 'react-router';
import { Icon } from '../components/ui/icon.tsx';
import { paths } from '../lib/routes.ts';
import { tPages } from '../lib/page-texts.ts';

/**
 * Where the link of the confirmation mail lands (docs/product.md#accounts): better-auth has
 * marked the address confirmed, or sent `?error=` (an expired or unknown token) when it could not.
 */
export function Component() {
  const [params] = useSearchParams();
  const texts = tPages.profileTexts;
  const confirmed = !params.has('error');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Icon
        name={confirmed ? 'check' : 'alert'}
        className={`size-14 ${confirmed ? 'text-success' : 'text-warning'}`}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">
        {confirmed ? texts.confirmedTitle : texts.notConfirmedTitle}
      </h1>
      <p className="mt-4 text-lg text-base-content/75">
        {confirmed ? texts.confirmedText : texts.notConfirmedText}
      </p>
      <Link to={paths.allBooks} className="btn btn-primary mt-8">
        {texts.browseBooks}
      </Link>
    </section>
  );
}
