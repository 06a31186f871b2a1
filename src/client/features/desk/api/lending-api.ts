/**
 * The calls of lending at the desk and of copies (docs/product/desk.md): a card opens a member,
 * a copy is lent or checked in. Librarians only; the server decides. The member's own card is
 * features/card; a book's copies are features/copies.
 */
import { api } from '../../../lib/api-client.ts';

/** GET /api/desk/cards/:cardNumber: the member, their loans and holds. */
export async function openCard(cardNumber: string) {
  return (await api.get('/desk/cards/{cardNumber}', { path: { cardNumber } })).data;
}

/** POST /api/desk/checkout: the copy lent to the member, due after the loan period. */
export async function checkOutCopy(cardNumber: string, barcode: string) {
  return (await api.post('/desk/checkout', { cardNumber, barcode })).data;
}

/** POST /api/desk/checkin: the copy's loan returned; the hold it now waits for, if any. */
export async function checkInCopy(barcode: string) {
  return (await api.post('/desk/checkin', { barcode })).data;
}

/** DELETE /api/desk/holds/:id: any member's hold, with a mail to them. */
export async function cancelDeskHold(holdId: string) {
  await api.delete('/desk/holds/{id}', { id: holdId });
}
