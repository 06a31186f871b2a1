/**
 * What a payment or waiver settles (docs/decisions/025-scan-tab-money-and-receipts.md): the oldest
 * charge first, a found copy's waiver its own loan's charge first, and credits taken before
 * settlements were kept laid over the charges as they would have been.
 */
import { describe, expect, it } from 'vitest';
import { settle, stillOwed, type LedgerRow, type Settlement } from './settlements.ts';

const late: LedgerRow = { id: 'late', kind: 'overdue', amount: 20, loanId: 'loan-1' };
const lost: LedgerRow = { id: 'lost', kind: 'lost', amount: 500, loanId: 'loan-2' };
const payment = (id: string, amount: number): LedgerRow => ({
  id,
  kind: 'payment',
  amount,
  loanId: null,
});

describe('settlements', () => {
  it('settles the oldest charge first, and a loan’s own waiver its loan first', () => {
    const owed = stillOwed([late, lost], new Map());
    expect(settle(owed, 30)).toEqual([
      { chargeId: 'late', amount: 20 },
      { chargeId: 'lost', amount: 10 },
    ]);
    expect(settle(owed, 505, 'loan-2')).toEqual([
      { chargeId: 'lost', amount: 500 },
      { chargeId: 'late', amount: 5 },
    ]);
    // Settling answers; it changes nothing of what is owed.
    expect(owed.map((each) => each.owed)).toEqual([20, 500]);
  });

  it('counts what kept settlements paid, and lays older credits over the oldest charges', () => {
    const kept = new Map<string, Settlement[]>([['kept', [{ chargeId: 'lost', amount: 100 }]]]);
    const ledger = [late, lost, payment('kept', 100), payment('older', 25)];
    expect(stillOwed(ledger, kept).map(({ charge, owed }) => [charge.id, owed])).toEqual([
      ['lost', 395],
    ]);
    expect(settle(stillOwed(ledger, kept), 1000)).toEqual([{ chargeId: 'lost', amount: 395 }]);
    expect(stillOwed([late, payment('all', 20)], new Map())).toEqual([]);
  });
});
