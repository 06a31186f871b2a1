/**
 * A refusal of the rules as the API answers it: the status and words of the one catalogue
 * (common/refusals.ts), with the rules' figures in force.
 */
import {
  REFUSALS,
  refusalWords,
  type RefusalCode,
  type RuleFigures,
} from '../../common/refusals.ts';
import { ApiError } from '../http-errors.ts';

export type Refuse = (code: RefusalCode) => ApiError;

export function refuser(figures: RuleFigures): Refuse {
  return (code) => new ApiError(REFUSALS[code].status, code, refusalWords(code, figures));
}
