/**
 * Which charges a payment or waiver settles (docs/decisions/025-scan-tab-money-and-receipts.md), so
 * that its receipt can say what it paid for. A credit pays the oldest charges still owed first; a
 * waiver made for one loan (a lost copy found) pays that loan's charges first. What each credit
 * settled is kept (`fineSettlement`); credits from before it was kept are laid over the charges
 * in the ledger's order, as they would have been.
 */
import type { FineKind } from '../../common/constants.ts';

export interface LedgerRow {
  id: string;
  kind: FineKind;
  amount: number;
  loanId: string | null;
}

export interface Settlement {
  chargeId: string;
  amount: number;
}

export interface Owed {
  charge: LedgerRow;
  owed: number;
}

const isCharge = (row: LedgerRow) => row.kind === 'overdue' || row.kind === 'lost';

/** Takes `amount` off the charges in `owed` (changed in place), the loan's own first. */
function lay(owed: Owed[], amount: number, loanId: string | null): Settlement[] {
  const order = [
    ...owed.filter((each) => loanId !== null && each.charge.loanId === loanId),
    ...owed.filter((each) => loanId === null || each.charge.loanId !== loanId),
  ];
  const settled: Settlement[] = [];
  let left = amount;
  for (const each of order) {
    if (left === 0) break;
    const part = Math.min(left, each.owed);
    if (part === 0) continue;
    each.owed -= part;
    left -= part;
    settled.push({ chargeId: each.charge.id, amount: part });
  }
  return settled;
}

/**
 * What each charge still owes, from the member's ledger (oldest first) and what each credit is
 * known to have settled.
 */
export function stillOwed(ledger: LedgerRow[], settled: Map<string, Settlement[]>): Owed[] {
  const owed: Owed[] = ledger.filter(isCharge).map((charge) => ({ charge, owed: charge.amount }));
  const byCharge = new Map(owed.map((each) => [each.charge.id, each]));
  for (const credit of ledger.filter((row) => !isCharge(row))) {
    const known = settled.get(credit.id);
    if (!known) {
      lay(owed, credit.amount, credit.loanId);
      continue;
    }
    for (const part of known) {
      const each = byCharge.get(part.chargeId);
      if (each) each.owed = Math.max(0, each.owed - part.amount);
    }
  }
  return owed.filter((each) => each.owed > 0);
}

/** The charges a new credit of `amount` settles, and how much of each. */
export function settle(owed: Owed[], amount: number, loanId: string | null = null): Settlement[] {
  return lay(
    owed.map((each) => ({ ...each })),
    amount,
    loanId,
  );
}
