/**
 * The member's copy of a receipt (docs/product/fines-and-membership.md): a payment or waiver taken
 * at the desk, mailed through the notices' outbox in the transaction that took it
 * (fines/fines.service.ts), written when it is sent (notices/outbox-mails.ts), in each language.
 */
import { LOCALES, type Language } from '../../common/i18n/languages.ts';
import { receiptNumber, takaIn } from '../../common/i18n/money.ts';
import {
  banglaFrame,
  compose,
  englishFrame,
  type MailContent,
  type MailFrame,
} from './mail-texts.ts';

/** What the receipt says, kept in the outbox's row as it was when the payment was taken. */
export interface ReceiptMail {
  entryId: string;
  kind: 'payment' | 'waiver';
  amount: number;
  note: string;
  cardNumber: string;
  takenBy: string;
  settles: { kind: 'overdue' | 'lost'; bookName: string; amount: number }[];
  /** What the member owes after it. */
  balance: number;
}

interface ReceiptWords {
  name: string | null;
  /** When it was taken, written out with the year in the library's time zone. */
  when: string;
  url: string;
  appName: string;
}

interface Phrases {
  subject: (receipt: ReceiptMail, taka: string, appName: string) => string;
  taken: (receipt: ReceiptMail, taka: string, when: string, appName: string) => string;
  details: (receipt: ReceiptMail, number: string) => string;
  reason: (note: string) => string;
  settles: string;
  charge: Record<'overdue' | 'lost', (book: string, taka: string) => string>;
  settlesNothing: string;
  balance: (taka: string) => string;
  nothingOwed: string;
  action: string;
}

const english: Phrases = {
  subject: (receipt, taka, appName) =>
    receipt.kind === 'payment'
      ? `Your receipt: ${taka} paid to ${appName}`
      : `Your receipt: ${taka} of your fines waived by ${appName}`,
  taken: (receipt, taka, when, appName) =>
    receipt.kind === 'payment'
      ? `The desk of ${appName} took your payment of ${taka} on ${when}.`
      : `The desk of ${appName} waived ${taka} of what you owe, on ${when}.`,
  details: (receipt, number) =>
    `Receipt ${number} · library card ${receipt.cardNumber}${receipt.takenBy ? ` · taken by ${receipt.takenBy}` : ''}`,
  reason: (note) => `Note: ${note}`,
  settles: 'It settles:',
  charge: {
    overdue: (book, taka) => `– "${book}", late return: ${taka}`,
    lost: (book, taka) => `– "${book}", lost copy: ${taka}`,
  },
  settlesNothing: 'It settles no charge.',
  balance: (taka) => `You now owe ${taka}.`,
  nothingOwed: 'You now owe nothing.',
  action: 'See my fines',
};

const bangla: Phrases = {
  subject: (receipt, taka, appName) =>
    receipt.kind === 'payment'
      ? `আপনার রসিদ: ${appName}-এ ${taka} পরিশোধ`
      : `আপনার রসিদ: ${appName} আপনার জরিমানার ${taka} মওকুফ করেছে`,
  taken: (receipt, taka, when, appName) =>
    receipt.kind === 'payment'
      ? `${appName}-এর ডেস্ক ${when} আপনার ${taka} পরিশোধ গ্রহণ করেছে।`
      : `${appName}-এর ডেস্ক ${when} আপনার পাওনা থেকে ${taka} মওকুফ করেছে।`,
  details: (receipt, number) =>
    `রসিদ ${number} · লাইব্রেরি কার্ড ${receipt.cardNumber}${receipt.takenBy ? ` · গ্রহণ করেছেন ${receipt.takenBy}` : ''}`,
  reason: (note) => `মন্তব্য: ${note}`,
  settles: 'এতে পরিশোধ হলো:',
  charge: {
    overdue: (book, taka) => `– “${book}”, দেরিতে ফেরত: ${taka}`,
    lost: (book, taka) => `– “${book}”, হারানো কপি: ${taka}`,
  },
  settlesNothing: 'এতে কোনো চার্জ পরিশোধ হয়নি।',
  balance: (taka) => `এখন আপনার কাছে পাওনা ${taka}।`,
  nothingOwed: 'এখন আপনার কাছে কিছুই পাওনা নেই।',
  action: 'আমার জরিমানা দেখুন',
};

const byLanguage: Record<Language, { frame: MailFrame; phrases: Phrases }> = {
  en: { frame: englishFrame, phrases: english },
  bn: { frame: banglaFrame, phrases: bangla },
};

export function receiptMail(
  receipt: ReceiptMail,
  language: Language,
  words: ReceiptWords,
): MailContent {
  const { frame, phrases } = byLanguage[language];
  const taka = takaIn(LOCALES[language]);
  const settled = receipt.settles.map((each) =>
    phrases.charge[each.kind](each.bookName, taka(each.amount)),
  );
  return compose(frame, {
    appName: words.appName,
    subject: phrases.subject(receipt, taka(receipt.amount), words.appName),
    greeting: frame.greeting(words.name),
    before: [
      phrases.taken(receipt, taka(receipt.amount), words.when, words.appName),
      // The card's and receipt's numbers are codes, written as printed on the card in both languages.
      phrases.details(receipt, receiptNumber(receipt.entryId)),
      ...(receipt.note ? [phrases.reason(receipt.note)] : []),
      ...(settled.length > 0 ? [phrases.settles, ...settled] : [phrases.settlesNothing]),
      receipt.balance > 0 ? phrases.balance(taka(receipt.balance)) : phrases.nothingOwed,
    ],
    action: { label: phrases.action, url: words.url },
    after: [],
  });
}
