/** A book of the demo catalogue, as demo-books.ts and bengali-books.ts write them. */
import type { Category } from '../../common/constants.ts';

export interface DemoBook {
  name: string;
  author: string;
  category: Category;
  quantity: number;
  rating: number;
  shortDescription: string;
  content: string;
  image: string;
  /** An ISO 639-1 code: the Bengali-script records are `bn`. */
  language?: string;
}

export type DemoEntry = Omit<DemoBook, 'image'>;
