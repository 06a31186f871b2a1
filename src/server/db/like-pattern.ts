/** Escapes LIKE's wildcards, so a search for `50%` finds "50%" (used with `escape '\'`). */
export const likePattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
