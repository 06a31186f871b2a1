/** A dialog's or toast's words: a title, and a sentence under it. */
export interface Message {
  title: string;
  text?: string;
}
