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
import type { Circulation } from '../circulation/circulation.service.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import type { Ebooks } from '../ebooks/ebooks.service.ts';
import type { Events } from '../events/events.service.ts';
import type { Fines } from '../fines/fines.service.ts';
import { ApiError } from '../http-errors.ts';
import type { Rooms } from '../rooms/rooms.service.ts';
import { isLastLibrarian, lockMember } from './members.repository.ts';

/** Each module's part in closing an account, run in the closing's transaction. */
interface ReleasesMember {
  releaseMember(tx: Kysely<DB>, memberId: string): Promise<void>;
}

export class AccountClosing {
  private readonly parts: ReleasesMember[];

  constructor(
    private readonly db: Kysely<DB>,
    modules: {
      fines: Fines;
      circulation: Circulation;
      rooms: Rooms;
      events: Events;
      ebooks: Ebooks;
    },
  ) {
    // Fines first: what is owed refuses the whole before anything moves.
    this.parts = [
      modules.fines,
      modules.circulation,
      modules.rooms,
      modules.events,
      modules.ebooks,
    ];
  }

  async close(memberId: string, erase: (tx: Kysely<DB>) => Promise<void>): Promise<void> {
    await retryingTransaction(this.db, async (tx) => {
      const member = await lockMember(tx, memberId);
      if (!member) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
      if (await isLastLibrarian(tx, memberId)) {
        throw new ApiError(
          409,
          'LAST_LIBRARIAN',
          'You are the library’s only librarian. Make another member a librarian before deleting your account.',
        );
      }
      for (const part of this.parts) await part.releaseMember(tx, memberId);
      await erase(tx);
    });
  }
}
