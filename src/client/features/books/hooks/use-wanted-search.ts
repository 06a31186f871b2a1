import { useNavigation } from 'react-router';
import { pagePaths } from '../../../../common/page-paths.ts';
import { readSearch, type SearchState } from '../../../lib/search-params.ts';

/**
 * The search being loaded, if any, else the one shown: the controls show a choice at once, while
 * its results are still on their way, rather than when they arrive.
 */
export function useWantedSearch(shown: SearchState): SearchState {
  const next = useNavigation().location;
  if (next?.pathname.toLowerCase() !== pagePaths.search.toLowerCase()) return shown;
  return readSearch(new URLSearchParams(next.search));
}
