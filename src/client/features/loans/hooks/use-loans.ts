import { useCallback, useEffect, useState } from 'react';
import type { Loan } from '../../../../common/types.ts';
import { failureMessages } from '../../../lib/messages.ts';
import { getLoans } from '../api/get-loans.ts';
import { returnLoan } from '../api/return-loan.ts';

/** The signed-in member's loans, and giving one back (which also puts the copy on the shelf). */
export function useLoans() {
  const [loans, setLoans] = useState<Loan[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [returningIds, setReturningIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const controller = new AbortController();
    getLoans(controller.signal).then(setLoans, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);

  /** Resolves to whether the book was returned; a failure is told with the browser's alert. */
  const giveBack = useCallback(async (loan: Loan) => {
    setReturningIds((ids) => new Set(ids).add(loan._id));
    try {
      await returnLoan(loan._id);
      setLoans((current) => current?.filter((held) => held._id !== loan._id) ?? null);
      return true;
    } catch {
      window.alert(failureMessages.returnBook);
      return false;
    } finally {
      setReturningIds((ids) => {
        const next = new Set(ids);
        next.delete(loan._id);
        return next;
      });
    }
  }, []);

  return { loans, failed, retry, returningIds, giveBack };
}
