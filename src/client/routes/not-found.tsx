import { NotFoundContent } from '../components/layout/not-found-content.tsx';

export function Component() {
  return <NotFoundContent />;
}
