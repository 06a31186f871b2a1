/**
 * Copies, library cards and lending at the desk (docs/product/desk.md): the payloads' schemas,
 * shared by the server's routes and the client's calls.
 */
import { z } from 'zod';
import { COPY_STATUSES, SETTABLE_COPY_STATUSES } from './copy-statuses.ts';
import { fineEntrySchema, holdSchema, loanSchema } from './schemas.ts';

export { COPY_STATUSES, SETTABLE_COPY_STATUSES, type CopyStatus } from './copy-statuses.ts';

/** What a scanner reads from a copy's label or a card: 4–20 upper-case letters and digits. */
export const BARCODE_PATTERN = /^[A-Z0-9]{4,20}$/;

/** A barcode as typed or scanned: spaces around it dropped and letters taken in any case. */
export const barcodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(BARCODE_PATTERN, 'A barcode is 4 to 20 letters and digits'));

const SHELF_MARK_MAX = 60;
const COPY_NOTE_MAX = 500;

export const copySchema = z
  .object({
    _id: z.string(),
    bookId: z.string(),
    barcode: z.string(),
    status: z.enum(COPY_STATUSES),
    shelfMark: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'Copy' });
export type Copy = z.infer<typeof copySchema>;

/** A copy as the book's page lists it: with the member who has it, when it is on loan. */
export const bookCopySchema = copySchema
  .extend({
    borrower: z
      .object({ name: z.string(), cardNumber: z.string() })
      .nullable()
      .describe('The member who has the copy on loan; null when it is not on loan'),
  })
  .meta({ id: 'BookCopy' });
export type BookCopy = z.infer<typeof bookCopySchema>;

/** The most copies one labels page asks for by id: a sheet or a few, never the whole library. */
export const LABEL_COPIES_MAX = 100;

/** GET /api/copies?ids=a,b,c: the copies a labels page prints, by id, separated by commas. */
export const copiesByIdQuerySchema = z.object({
  ids: z
    .string()
    .max(LABEL_COPIES_MAX * 101)
    .transform((ids) => [
      ...new Set(
        ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(100))
        .min(1, 'ids names at least one copy')
        .max(LABEL_COPIES_MAX, `ids names at most ${LABEL_COPIES_MAX} copies`),
    ),
});

/** A copy with what its label prints of its book. */
export const labelCopySchema = copySchema
  .extend({ title: z.string(), author: z.string() })
  .meta({ id: 'LabelCopy' });
export type LabelCopy = z.infer<typeof labelCopySchema>;

/** Blank means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();

export const copyCreateSchema = z.strictObject({
  barcode: barcodeSchema.optional(),
  shelfMark: optionalText(SHELF_MARK_MAX),
});
export type CopyCreate = z.infer<typeof copyCreateSchema>;

export const copyUpdateSchema = z.strictObject({
  status: z.enum(SETTABLE_COPY_STATUSES).optional(),
  shelfMark: optionalText(SHELF_MARK_MAX),
  note: optionalText(COPY_NOTE_MAX),
});
export type CopyUpdate = z.infer<typeof copyUpdateSchema>;

export const barcodeParamsSchema = z.object({ barcode: barcodeSchema });
export const cardNumberParamsSchema = z.object({ cardNumber: barcodeSchema });

export const copyCreatedSchema = z.object({ copy: copySchema });

/** A loan as the desk sees it: with the copy lent (null for loans returned before copies). */
/** Every loan answer names its copy; the desk's are the same answers. */
export const deskLoanSchema = loanSchema;
export type DeskLoan = z.infer<typeof deskLoanSchema>;

/** What a copy's barcode finds: the copy, its book's title, and its current loan if any. */
export const copyLookupSchema = z.object({
  copy: copySchema,
  book: z.object({ _id: z.string(), name: z.string(), author: z.string() }),
  loan: deskLoanSchema.nullable(),
});
export type CopyLookup = z.infer<typeof copyLookupSchema>;

/** The member's own card: `GET /api/card`. */
export const libraryCardSchema = z
  .object({
    cardNumber: z.string(),
    name: z.string(),
    memberSince: z.string().describe('YYYY-MM-DD'),
    expiresOn: z.string().describe("The membership's last valid day, YYYY-MM-DD"),
  })
  .meta({ id: 'LibraryCard' });
export type LibraryCard = z.infer<typeof libraryCardSchema>;

export const deskCheckoutSchema = z.strictObject({
  cardNumber: barcodeSchema,
  barcode: barcodeSchema,
});
export type DeskCheckout = z.infer<typeof deskCheckoutSchema>;

export const deskCheckinSchema = z.strictObject({ barcode: barcodeSchema });

export const checkoutResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  loan: deskLoanSchema,
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** The hold a checked-in copy now waits for, to be put on the hold shelf. */
export const heldForSchema = z.object({
  memberName: z.string(),
  cardNumber: z.string(),
  readyUntil: z.string(),
});
export type HeldFor = z.infer<typeof heldForSchema>;

export const checkinResultSchema = z.object({
  loan: deskLoanSchema,
  fine: fineEntrySchema
    .nullable()
    .describe('The charge this return made when it was late, else null'),
  hold: heldForSchema.nullable(),
  shelfMark: z
    .string()
    .nullable()
    .describe("The copy's shelf mark, where it goes back when no hold waits for it"),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** What scanning a card opens at the desk: the member, their loans and their holds. */
export const deskCardSchema = z.object({
  member: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    cardNumber: z.string(),
    blocked: z.boolean(),
    expiresOn: z.string().describe("The membership's last valid day, YYYY-MM-DD"),
    expired: z.boolean().describe('Whether that day has passed on the library calendar'),
  }),
  loans: z.array(deskLoanSchema),
  holds: z.array(holdSchema),
  fines: z.object({
    balance: z.number().int().describe('Whole taka the member owes'),
    accruing: z.number().int().describe('What the open overdue loans have accrued so far'),
  }),
});
export type DeskCard = z.infer<typeof deskCardSchema>;

/** POST /api/desk/loans/:id/lost: the loan closed as lost, and what it charged (whole taka). */
export const lostResultSchema = z.object({
  loan: deskLoanSchema,
  fine: fineEntrySchema.nullable().describe('The late days charged, when the loan was overdue'),
  lost: fineEntrySchema.nullable().describe('LOST_COPY_CHARGE (null when it is set to 0)'),
});
export type LostResult = z.infer<typeof lostResultSchema>;
