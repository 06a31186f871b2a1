/**
 * Writes a small EPUB 3 from chapters of plain paragraphs: what the demo e-books are made of
 * (docs/decisions/015-digital-library.md). `mimetype` is the first entry and stored uncompressed,
 * as the OCF container format requires; every date in the ZIP is fixed, so the same text always
 * makes the same bytes. Each book passes EPUBCheck (scripts/make-demo-ebooks.ts runs it).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

export interface EpubChapter {
  title: string;
  paragraphs: string[];
}

export interface EpubBook {
  /** A stable identifier, such as `urn:uuid:…`. */
  identifier: string;
  title: string;
  author: string;
  /** A BCP 47 language tag: `en`, `bn`. */
  language: string;
  chapters: EpubChapter[];
  /** Extra XHTML inside each chapter's body, after its paragraphs (tests add hostile content). */
  chapterExtra?: string;
}

const FIXED_TIME = new Date('2026-11-01T00:00:00Z');
const MODIFIED = '2026-11-01T00:00:00Z';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

const STYLE = `body { line-height: 1.6; margin: 0 1em; }
h1 { font-size: 1.4em; margin: 1em 0; }
p { margin: 0 0 0.8em; text-indent: 1.2em; }
`;

function page(book: EpubBook, title: string, body: string, extraNamespace = ''): string {
  const lang = escapeXml(book.language);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${extraNamespace} xml:lang="${lang}" lang="${lang}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

const chapterFile = (index: number) => `chapter-${index + 1}.xhtml`;

function chapterPage(book: EpubBook, chapter: EpubChapter): string {
  const paragraphs = chapter.paragraphs.map((text) => `<p>${escapeXml(text)}</p>`).join('\n');
  const body = `<section>\n<h1>${escapeXml(chapter.title)}</h1>\n${paragraphs}\n${book.chapterExtra ?? ''}</section>`;
  return page(book, chapter.title, body);
}

function navPage(book: EpubBook): string {
  const items = book.chapters
    .map(
      (chapter, index) =>
        `<li><a href="${chapterFile(index)}">${escapeXml(chapter.title)}</a></li>`,
    )
    .join('\n');
  const body = `<nav epub:type="toc" id="toc">\n<h1>${escapeXml(book.title)}</h1>\n<ol>\n${items}\n</ol>\n</nav>`;
  return page(book, book.title, body, ' xmlns:epub="http://www.idpf.org/2007/ops"');
}

function packageDocument(book: EpubBook): string {
  const scripted = book.chapterExtra?.includes('<script') ? ' properties="scripted"' : '';
  const manifest = book.chapters
    .map(
      (_, index) =>
        `    <item id="chapter-${index + 1}" href="${chapterFile(index)}" media-type="application/xhtml+xml"${scripted}/>`,
    )
    .join('\n');
  const spine = book.chapters
    .map((_, index) => `    <itemref idref="chapter-${index + 1}"/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeXml(book.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${escapeXml(book.identifier)}</dc:identifier>
    <dc:title>${escapeXml(book.title)}</dc:title>
    <dc:creator>${escapeXml(book.author)}</dc:creator>
    <dc:language>${escapeXml(book.language)}</dc:language>
    <meta property="dcterms:modified">${MODIFIED}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="style" href="style.css" media-type="text/css"/>
${manifest}
  </manifest>
  <spine>
${spine}
  </spine>
</package>
`;
}

/** The EPUB's bytes. */
export function writeEpub(book: EpubBook): Uint8Array {
  const files: Zippable = {
    // First and stored: readers and checkers find the type at a fixed offset.
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(CONTAINER),
    'EPUB/package.opf': strToU8(packageDocument(book)),
    'EPUB/nav.xhtml': strToU8(navPage(book)),
    'EPUB/style.css': strToU8(STYLE),
  };
  book.chapters.forEach((chapter, index) => {
    files[`EPUB/${chapterFile(index)}`] = strToU8(chapterPage(book, chapter));
  });
  return zipSync(files, { level: 9, mtime: FIXED_TIME });
}
