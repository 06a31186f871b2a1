/**
 * What the search triggers keep beside every book (migrations 0002, 0004, 0005, 0140, 0198, 0199, 0204), made once
 * for a whole catalogue loaded with the triggers set aside (fake-catalogue.ts).
 */

/**
 * SQLite: each book's key by age (as migration 0005 files books), the trigram and word indexes,
 * and the vocabulary typos are forgiven against (`searchText` is words of letters, marks and
 * digits joined by spaces: a JSON array once its spaces are commas).
 */
export const SQLITE_SEARCH_INDEXES = `
  insert into "bookSearchEntry" ("key", "bookId", "createdAt")
    select cast(round(unixepoch("createdAt", 'subsec') * 1000) as integer) * 1048576
        + row_number() over (partition by "createdAt" order by "id") - 1, "id", "createdAt"
      from "book";
  insert into "bookSearch" (rowid, "searchText")
    select e."key", b."searchText" from "bookSearchEntry" e join "book" b on b."id" = e."bookId";
  insert into "bookWords" (rowid, "title", "key", "description")
    select e."key", b."searchText", b."searchKey", b."searchDescription"
    from "bookSearchEntry" e join "book" b on b."id" = e."bookId";
  insert into "bookTitleWords" (rowid, "title", "key")
    select e."key", b."searchText", b."searchKey"
    from "bookSearchEntry" e join "book" b on b."id" = e."bookId";
  insert or ignore into "searchWord" ("word")
    select j."value" from "book" b, json_each('["' || replace(b."searchText", ' ', '","') || '"]') j
    where j."value" <> '';`;

/** PostgreSQL: the narrow table with the trigram and word indexes, and the vocabulary. */
export const POSTGRES_SEARCH_INDEXES = [
  `insert into "bookSearchText" ("bookId", "createdAt", "searchText", "words", "bestWords", "nearWords")
    select "id", "createdAt", "searchText",
      "search_lexemes"("searchText" || ' ' || "searchDescription", "searchKey" || ' ' || "searchDescription"),
      "search_lexemes"("searchText", ''),
      "search_lexemes"("searchText", "searchKey")
    from "book"`,
  `insert into "searchWord" ("word")
    select distinct "word" from "book", regexp_split_to_table("searchText", ' ') "word"
    where "word" <> '' on conflict do nothing`,
];
