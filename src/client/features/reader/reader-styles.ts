/**
 * The CSS the reader puts into each page of a book: the text size chosen, the page's colours
 * (light or dark, as the app's theme), and Bengali text in the app's 'Bengali' face of styles.css:
 * the system's own Bengali font, else the Noto Sans Bengali the app ships (the same files, so
 * nothing is fetched from another host). The face's unicode-range holds Bengali alone, the danda
 * (U+0964, in Unicode's Devanagari block) included, so Latin text keeps the book's or the
 * system's font.
 */
import bengaliBold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import bengaliRegular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';

const BENGALI_RANGE = 'U+0951-0952, U+0964-0965, U+0980-09FE, U+200C-200D, U+25CC';

/** The system's Bengali fonts that stand in for the shipped one, by weight (as styles.css names them). */
const LOCAL_FACES: Record<number, string[]> = {
  400: [
    'Noto Sans Bengali',
    'NotoSansBengali-Regular',
    'Nirmala UI',
    'Vrinda',
    'Kohinoor Bangla',
    'Bangla Sangam MN',
  ],
  700: [
    'Noto Sans Bengali Bold',
    'NotoSansBengali-Bold',
    'Nirmala UI Bold',
    'Kohinoor Bangla Bold',
    'Bangla Sangam MN Bold',
  ],
};

const face = (url: string, weight: number) => `@font-face {
  font-family: 'Bengali';
  font-weight: ${weight};
  font-display: swap;
  src: ${(LOCAL_FACES[weight] ?? []).map((name) => `local('${name}'), `).join('')}url('${new URL(url, document.baseURI).href}') format('woff2');
  unicode-range: ${BENGALI_RANGE};
}`;

export interface ReaderLook {
  /** Text size in percent of the book's own. */
  fontSize: number;
  dark: boolean;
  /** The app's text and link colours on its current theme. */
  text: string;
  link: string;
}

export function readerStyles(look: ReaderLook): string {
  return `${face(bengaliRegular, 400)}
${face(bengaliBold, 700)}
html { color-scheme: ${look.dark ? 'dark' : 'light'}; }
html, body { background: transparent !important; color: ${look.text} !important; }
body {
  font-size: ${look.fontSize}% !important;
  font-family: 'Bengali', ui-serif, Georgia, serif;
  line-height: 1.7;
}
a:any-link { color: ${look.link} !important; }
`;
}
