/**
 * The shape every language's catalogue has: English's (en.ts), with its words widened to
 * `string`. bn.ts is declared as a `Catalogue`, so a missing or extra key, or a text whose
 * placeholders (a function's parameters) differ, is a type error.
 */
import type { en } from './en.ts';

export type Catalogue = typeof en;
