/** What an e-book button asks of the page's action (ebook-actions.ts performs it). */
export type EbookIntent =
  | 'borrowEbook'
  | 'returnEbook'
  | 'joinWaitlist'
  | 'leaveWaitlist'
  | 'uploadEbook'
  | 'changeEbook'
  | 'removeEbook';
