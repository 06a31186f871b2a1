import { Link } from 'react-router';
import { appName } from '../../lib/app-name.ts';
import { paths } from '../../lib/routes.ts';
import { Icon } from './icon.tsx';

/**
 * The library's mark and name, linking home. On the narrowest screens (under 375 px) the name is
 * left to screen readers, so that the navbar's buttons keep their row beside the mark.
 */
export function Brand() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 rounded-lg px-1 font-serif text-lg font-bold min-[400px]:text-xl sm:text-2xl"
    >
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-content sm:size-9">
        <Icon name="book" className="size-5" />
      </span>
      <span className="whitespace-nowrap max-[374px]:sr-only">{appName}</span>
    </Link>
  );
}
