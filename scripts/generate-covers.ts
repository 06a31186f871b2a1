/**
 * Draws one typographic SVG cover per demo book into public/covers/<slug>.svg and removes any
 * other file there, so the folder always matches the catalogue.
 * Run: node --import tsx scripts/generate-covers.ts
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import type { Category, DEFAULT_CATEGORIES } from '../src/common/constants.ts';
import { coverSlug, demoCatalogue, type DemoBook } from '../src/server/seed/demo-books.ts';
import { demoEbooks } from '../src/server/seed/demo-ebooks.ts';
import { isBengali, shapedLine, shapedWidth, type Weight } from './cover-glyphs.ts';

const outputDir = new URL('../public/covers/', import.meta.url);

const WIDTH = 400;
const HEIGHT = 600;
const TITLE_MAX_WIDTH = 300;
const TITLE_AREA = { top: 322, bottom: 502 };
const TITLE_SIZES = [52, 46, 40, 36, 32, 28];
const TITLE_LINE_HEIGHT = 1.15;
const SUBTITLE_SIZE = 22;
const SUBTITLE_LINE_HEIGHT = 28;
const SUBTITLE_GAP = 12;
const AUTHOR_SIZE = 15;
const AUTHOR_MAX_CHARS = 24;

interface Palette {
  from: string;
  to: string;
  accent: string;
  text: string;
}

/** Three shades per category so neighbouring covers of one shelf do not look identical. */
const palettes: Record<(typeof DEFAULT_CATEGORIES)[number], Palette[]> &
  Partial<Record<Category, Palette[]>> = {
  Novel: [
    { from: '#0f4c5c', to: '#0a2a33', accent: '#e9c46a', text: '#fdf6e3' },
    { from: '#2a6041', to: '#123324', accent: '#f2cc8f', text: '#fdf6e3' },
    { from: '#1d5c63', to: '#16323a', accent: '#f4a261', text: '#fdf6e3' },
  ],
  Thriller: [
    { from: '#1b1b2f', to: '#5c0f1b', accent: '#e63946', text: '#f8f9fa' },
    { from: '#121212', to: '#3a0d12', accent: '#f2c14e', text: '#f8f9fa' },
    { from: '#22223b', to: '#4a1020', accent: '#ff6b6b', text: '#f8f9fa' },
  ],
  History: [
    { from: '#6b4226', to: '#2e1a0e', accent: '#f2d8a7', text: '#fff8ec' },
    { from: '#7f5539', to: '#3b2417', accent: '#ede0d4', text: '#fff8ec' },
    { from: '#5e3a1d', to: '#24150a', accent: '#e9b872', text: '#fff8ec' },
  ],
  Drama: [
    { from: '#5b1a3a', to: '#24091a', accent: '#f4a261', text: '#fff4f0' },
    { from: '#6a1b2e', to: '#2b0a14', accent: '#ffd6a5', text: '#fff4f0' },
    { from: '#4a1942', to: '#1f0a1c', accent: '#f6bd60', text: '#fff4f0' },
  ],
  'Sci-Fi': [
    { from: '#0b1d51', to: '#140a33', accent: '#4cc9f0', text: '#eef6ff' },
    { from: '#10002b', to: '#240046', accent: '#c77dff', text: '#eef6ff' },
    { from: '#03243f', to: '#0b0f2b', accent: '#72efdd', text: '#eef6ff' },
  ],
};

/** FNV-1a: a stable number per book, so covers do not change between runs. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) {
    value ^= char.charCodeAt(0);
    value = Math.imul(value, 16777619) >>> 0;
  }
  return value;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * A line's width: Bengali measured from the bundled font it is drawn in; Latin a generous
 * estimate, wide enough for DejaVu Serif Bold, the widest fallback.
 */
function estimatedWidth(text: string, fontSize: number): number {
  if (isBengali(text)) return shapedWidth(text, fontSize, 700);
  let ems = 0;
  for (const char of text) {
    if (char === ' ') ems += 0.32;
    else if (/[A-Z0-9]/.test(char)) ems += 0.74;
    else if (/[a-z]/.test(char)) ems += 0.62;
    else ems += 0.38;
  }
  return ems * fontSize;
}

function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && !fits(candidate)) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Wraps to as few lines as the width allows, then evens them out so no word is left alone. */
function wrapBalanced(text: string, fontSize: number): string[] {
  const wrapAt = (width: number) =>
    wrapWords(text, (line) => estimatedWidth(line, fontSize) <= width);
  const lines = wrapAt(TITLE_MAX_WIDTH);
  let width = TITLE_MAX_WIDTH;
  while (width > 0 && wrapAt(width - 4).length === lines.length) width -= 4;
  return wrapAt(width);
}

/** A little lower-case word alone on a line ("of", "the") reads as a mistake. */
const hasStrandedWord = (lines: string[]) =>
  lines.length > 1 && lines.some((line) => /^[a-z]{1,3}$/.test(line));

/**
 * The largest title size whose wrapped lines fit the width and, with the subtitle, the height,
 * preferring a size that strands no short word on a line of its own.
 */
function layoutTitle(title: string, reservedHeight: number): { size: number; lines: string[] } {
  const areaHeight = TITLE_AREA.bottom - TITLE_AREA.top - reservedHeight;
  const candidates = TITLE_SIZES.map((size) => ({ size, lines: wrapBalanced(title, size) })).filter(
    ({ size, lines }) =>
      lines.every((line) => estimatedWidth(line, size) <= TITLE_MAX_WIDTH) &&
      lines.length * size * TITLE_LINE_HEIGHT <= areaHeight,
  );
  const smallest = TITLE_SIZES[TITLE_SIZES.length - 1] ?? 28;
  return (
    candidates.find(({ lines }) => !hasStrandedWord(lines)) ??
    candidates[0] ?? { size: smallest, lines: wrapBalanced(title, smallest) }
  );
}

/** Lines of Bengali, centred, as outlines of the bundled font (scripts/cover-glyphs.ts). */
const shapedLines = (
  lines: string[],
  firstBaseline: number,
  lineHeight: number,
  style: { size: number; weight: Weight; color: string; opacity?: string },
) =>
  `<g${style.opacity ? ` opacity="${style.opacity}"` : ''}>${lines
    .map((line, index) =>
      shapedLine(line, {
        centre: 200,
        baseline: round(firstBaseline + index * lineHeight),
        size: style.size,
        weight: style.weight,
        color: style.color,
      }),
    )
    .join('')}</g>`;

const tspans = (lines: string[], firstBaseline: number, lineHeight: number) =>
  lines
    .map(
      (line, index) =>
        `<tspan x="200" y="${round(firstBaseline + index * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');

/** The title, and a subtitle after a colon set smaller in italics, centred in the title area. */
function titleText(name: string, color: string): string {
  const [title = name, subtitle] = name.split(/:\s+/, 2);
  const subtitleLines = subtitle ? wrapBalanced(subtitle, SUBTITLE_SIZE) : [];
  const subtitleHeight =
    subtitleLines.length * SUBTITLE_LINE_HEIGHT + (subtitle ? SUBTITLE_GAP : 0);
  const { size, lines } = layoutTitle(title, subtitleHeight);
  const lineHeight = size * TITLE_LINE_HEIGHT;
  const blockHeight = lines.length * lineHeight + subtitleHeight;
  const top = (TITLE_AREA.top + TITLE_AREA.bottom - blockHeight) / 2;
  const titleSvg = isBengali(title)
    ? shapedLines(lines, top + size * 0.85, lineHeight, { size, weight: 700, color })
    : `<text font-family="serif" font-weight="700" font-size="${size}" fill="${color}" text-anchor="middle">${tspans(lines, top + size * 0.85, lineHeight)}</text>`;
  if (!subtitle) return titleSvg;
  const subtitleTop = top + lines.length * lineHeight + SUBTITLE_GAP;
  if (isBengali(subtitle)) {
    const subtitleBaseline = subtitleTop + SUBTITLE_SIZE * 0.85;
    return `${titleSvg}${shapedLines(subtitleLines, subtitleBaseline, SUBTITLE_LINE_HEIGHT, { size: SUBTITLE_SIZE, weight: 400, color, opacity: '.85' })}`;
  }
  return `${titleSvg}<text font-family="serif" font-style="italic" font-size="${SUBTITLE_SIZE}" fill="${color}" opacity=".85" text-anchor="middle">${tspans(subtitleLines, subtitleTop + SUBTITLE_SIZE * 0.85, SUBTITLE_LINE_HEIGHT)}</text>`;
}

function authorText(author: string, color: string): string {
  if (isBengali(author)) {
    // Bengali has no capitals; a size larger than the Latin capitals' reads alike.
    const size = AUTHOR_SIZE + 3;
    const lines = wrapWords(author, (line) => shapedWidth(line, size, 400) <= TITLE_MAX_WIDTH);
    return shapedLines(lines, lines.length > 1 ? 538 : 552, 22, { size, weight: 400, color });
  }
  const lines = wrapWords(author.toUpperCase(), (line) => line.length <= AUTHOR_MAX_CHARS);
  const firstBaseline = lines.length > 1 ? 540 : 550;
  const spans = lines
    .map(
      (line, index) =>
        `<tspan x="200" y="${firstBaseline + index * 21}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<text font-family="sans-serif" font-size="${AUTHOR_SIZE}" letter-spacing="2" fill="${color}" text-anchor="middle">${spans}</text>`;
}

/** Sun over a river: the calm of a long story. */
function novelMotif(accent: string, seed: number): string {
  const cx = 160 + (seed % 80);
  const river = [250, 266, 282]
    .map((y, index) => {
      const inset = 60 + ((seed >>> (index * 3)) % 5) * 14;
      return `<path d="M${inset} ${y}H${WIDTH - inset}"/>`;
    })
    .join('');
  return `<circle cx="${cx}" cy="178" r="64" fill="${accent}" opacity=".9"/><g stroke="${accent}" stroke-width="4" stroke-linecap="round" opacity=".55">${river}</g>`;
}

/** A magnifying glass over faint stripes: the detective's tool. */
function thrillerMotif(accent: string, seed: number): string {
  const angle = (seed % 50) - 25;
  const stripes = [0, 1, 2, 3, 4]
    .map((index) => `<path d="M${40 + index * 60} 300L${120 + index * 60} 96"/>`)
    .join('');
  return (
    `<g stroke="${accent}" stroke-width="2" opacity=".18">${stripes}</g>` +
    `<g transform="rotate(${angle} 200 190)" stroke="${accent}" fill="none" stroke-linecap="round">` +
    `<circle cx="184" cy="174" r="56" stroke-width="10"/><path d="M224 214L276 266" stroke-width="18"/></g>`
  );
}

/** A classical temple front: the weight of the past. */
function historyMotif(accent: string, seed: number): string {
  const columnCount = 4 + (seed % 2);
  const gap = 160 / (columnCount - 1);
  const columns = Array.from({ length: columnCount }, (_, index) => {
    const x = round(112 + index * gap);
    return `<rect x="${x}" y="164" width="16" height="104"/>`;
  }).join('');
  return `<g fill="${accent}" opacity=".88"><path d="M100 146L200 96L300 146Z"/><rect x="100" y="150" width="200" height="10"/>${columns}<rect x="92" y="272" width="216" height="10"/><rect x="80" y="286" width="240" height="10"/></g>`;
}

/** The masks of comedy and tragedy. */
function dramaMotif(accent: string, seed: number, background: string): string {
  const tilt = 6 + (seed % 10);
  return (
    `<g transform="rotate(-${tilt} 160 186)"><circle cx="160" cy="186" r="58" fill="${accent}"/>` +
    `<ellipse cx="140" cy="172" rx="10" ry="6" fill="${background}"/><ellipse cx="180" cy="172" rx="10" ry="6" fill="${background}"/>` +
    `<path d="M132 200Q160 228 188 200" stroke="${background}" stroke-width="6" fill="none" stroke-linecap="round"/></g>` +
    `<g transform="rotate(${tilt} 242 206)" stroke="${accent}" fill="none" stroke-width="5" stroke-linecap="round">` +
    `<circle cx="242" cy="206" r="54"/><path d="M222 192h14M250 192h14M222 230Q242 212 262 230"/></g>`
  );
}

/** A ringed planet among stars; the ring's near half passes in front of the planet. */
function sciFiMotif(accent: string, seed: number, background: string): string {
  const stars = Array.from({ length: 24 }, (_, index) => {
    const value = hash(`${seed}-${index}`);
    return { x: 40 + (value % 320), y: 80 + ((value >>> 9) % 220), r: 1 + ((value >>> 18) % 3) };
  })
    .filter(({ x, y }) => x < 70 || x > 330 || y < 112 || y > 262)
    .map(({ x, y, r }) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
    .join('');
  const tilt = -10 - (seed % 20);
  const nearHalf = 'M84 186A116 24 0 0 0 316 186';
  return (
    `<g fill="${accent}" opacity=".7">${stars}</g>` +
    `<g transform="rotate(${tilt} 200 186)" fill="none">` +
    `<ellipse cx="200" cy="186" rx="116" ry="24" stroke="${accent}" stroke-width="4" opacity=".6"/>` +
    `<circle cx="200" cy="186" r="58" fill="${accent}"/>` +
    `<path d="${nearHalf}" stroke="${background}" stroke-width="10"/>` +
    `<path d="${nearHalf}" stroke="${accent}" stroke-width="4"/></g>`
  );
}

function motif(category: Category, palette: Palette, seed: number): string {
  switch (category) {
    default:
    case 'Novel':
      return novelMotif(palette.accent, seed);
    case 'Thriller':
      return thrillerMotif(palette.accent, seed);
    case 'History':
      return historyMotif(palette.accent, seed);
    case 'Drama':
      return dramaMotif(palette.accent, seed, palette.to);
    case 'Sci-Fi':
      return sciFiMotif(palette.accent, seed, palette.to);
  }
}

export function renderCover(book: Pick<DemoBook, 'name' | 'author' | 'category'>): string {
  const seed = hash(coverSlug(book.name));
  const shades = palettes[book.category] ?? palettes.Novel;
  const palette = shades[seed % shades.length] ?? shades[0]!;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">`,
    `<title>${escapeXml(`${book.name} by ${book.author}`)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2=".4" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="18" y="18" width="364" height="564" fill="none" stroke="${palette.accent}" stroke-width="1.5" opacity=".5"/>`,
    `<text x="200" y="60" font-family="sans-serif" font-size="13" letter-spacing="4" fill="${palette.accent}" text-anchor="middle">${escapeXml(book.category.toUpperCase())}</text>`,
    motif(book.category, palette, seed),
    titleText(book.name, palette.text),
    `<path d="M180 518H220" stroke="${palette.accent}" stroke-width="2"/>`,
    authorText(book.author, palette.accent),
    '</svg>',
    '',
  ].join('\n');
}

async function main() {
  await mkdir(outputDir, { recursive: true });
  const wanted = new Map(demoCatalogue.map((book) => [`${coverSlug(book.name)}.svg`, book]));
  // The demo e-books' covers are named by their `image` (Bengali titles need a Latin file name).
  for (const { book } of demoEbooks) wanted.set(book.image.replace('/covers/', ''), book);
  for (const file of await readdir(outputDir)) {
    if (!wanted.has(file)) await rm(new URL(file, outputDir), { recursive: true });
  }
  for (const [file, book] of wanted) {
    await writeFile(new URL(file, outputDir), renderCover(book));
  }
  console.log(`Wrote ${wanted.size} covers to ${outputDir.pathname}`);
}

await main();
