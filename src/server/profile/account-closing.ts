/**
 * Deleting an account (docs/product.md#accounts), in one transaction with the member's row locked:
 * refused while they owe anything (409 FINES_OWED) or have a book on loan (409 OPEN_LOANS), and
 * while they are the library's last librarian (409 LAST_LIBRARIAN). Otherwise everything of
 * theirs lets go as they would let go of it themselves, so every queue moves on: holds cancelled,
 * coming bookings cancelled, registrations left (the next waiting member registered and mailed),
 * e-loans returned and waiting lists left (the next turn kept). What stays is the library's
 * history, without their name, e-mail or id; then `erase` removes the account itself.
 *
 * Whatever locks the member's row (a borrow, a booking, a registration, an e-loan reads it) either
 * commits first and is then let go of here, or waits and finds the account gone.
 */
import type { Kysely } from 'kysely';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import type { Refuse } from '../core/refusals.ts';
import { forgetMember, isLastLibrarian, lockMember } from '../members/members.ts';

/** Each module's part in closing an account, run in the closing's transaction. */
interface ReleasesMember {
  releaseMember(tx: Kysely<DB>, memberId: string): Promise<void>;
}

export class AccountClosing {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly refuse: Refuse,
    /** Fines first: what is owed refuses the whole before anything moves. */
    private readonly parts: ReleasesMember[],
  ) {}

  async close(memberId: string, erase: (tx: Kysely<DB>) => Promise<void>): Promise<void> {
    await retryingTransaction(this.db, async (tx) => {
      if (!(await lockMember(tx, memberId))) throw this.refuse('UNAUTHORIZED');
      if (await isLastLibrarian(tx, memberId)) throw this.refuse('LAST_LIBRARIAN');
      for (const part of this.parts) await part.releaseMember(tx, memberId);
      await forgetMember(tx, memberId);
      await erase(tx);
    });
  }
}
