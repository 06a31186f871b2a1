/**
 * The kernel every module is given (docs/architecture.md#the-kernel): the library's one clock,
 * the one policy of who may be served, and the one catalogue of refusals. Made once per app.
 */
import type { RuleFigures } from '../../common/refusals.ts';
import type { LibraryClock } from './clock.ts';
import { Eligibility, type EligibilitySettings } from './eligibility.ts';
import { refuser, type Refuse } from './refusals.ts';

export interface Kernel {
  clock: LibraryClock;
  eligibility: Eligibility;
  refuse: Refuse;
}

export function createKernel(
  clock: LibraryClock,
  settings: EligibilitySettings,
  figures: RuleFigures,
): Kernel {
  return { clock, eligibility: new Eligibility(clock, settings), refuse: refuser(figures) };
}
