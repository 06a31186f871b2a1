/**
 * A receipt of a ledger entry as the desk prints it (docs/product/fines-and-membership.md#receipts):
 * the library, who paid, who took it, and what it settled.
 */
import { z } from 'zod';
import { fineEntrySchema } from './schemas.ts';

/** Whole taka. */
const taka = z.number().int();

/** A charge a payment or waiver settled, in part or whole. */
export const settledChargeSchema = z.object({
  kind: z.enum(['overdue', 'lost']),
  bookName: z.string(),
  amount: taka.positive().describe('How much of the charge it settled'),
});

/** A printable receipt of a ledger entry (the desk). */
export const fineReceiptSchema = z.object({
  library: z.string().describe('The library that took it (APP_NAME)'),
  entry: fineEntrySchema,
  member: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    cardNumber: z.string(),
  }),
  takenBy: z
    .string()
    .describe("The librarian's name as it was then; empty when the server made it"),
  settles: z
    .array(settledChargeSchema)
    .describe('What a payment or waiver settled, oldest charge first; empty for a charge'),
  balance: taka.describe('What the member owes now'),
});
