import { Link } from 'react-router';
import { Icon } from './icon.tsx';

/** The call to action at the end of a content page. */
export function ActionLink({ label, link }: { label: string; link: string }) {
  return (
    <div className="mt-12 text-center">
      <Link to={link} className="btn btn-primary btn-lg">
        {label}
        <Icon name="arrowRight" className="size-5" />
      </Link>
    </div>
  );
}
