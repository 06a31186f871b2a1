/**
 * Bengali text on the generated covers, drawn as outlines of the bundled font (Noto Sans Bengali,
 * the one the pages load), shaped by HarfBuzz: conjuncts, vowel signs and the danda come out as a
 * Bangla reader expects on any machine. A cover is an `<img>` SVG, which cannot use the page's web
 * fonts, and a machine without a Bengali font of its own would draw boxes from `<text>`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as hb from 'harfbuzzjs';

const require = createRequire(import.meta.url);

/** The font files fontsource ships as WOFF 1 (zlib-compressed tables), written out as plain OpenType. */
function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    return {
      tag: woff.readUInt32BE(at),
      offset: woff.readUInt32BE(at + 4),
      compressed: woff.readUInt32BE(at + 8),
      length: woff.readUInt32BE(at + 12),
      checksum: woff.readUInt32BE(at + 16),
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerSize = 12 + count * 16;
  const out = Buffer.alloc(
    headerSize + tables.reduce((sum, table) => sum + padded(table.length), 0),
  );
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = headerSize;
  for (const [index, table] of tables.entries()) {
    const data = woff.subarray(table.offset, table.offset + table.compressed);
    const raw = table.compressed < table.length ? inflateSync(data) : data;
    out.writeUInt32BE(table.tag, 12 + index * 16);
    out.writeUInt32BE(table.checksum, 16 + index * 16);
    out.writeUInt32BE(offset, 20 + index * 16);
    out.writeUInt32BE(table.length, 24 + index * 16);
    raw.copy(out, offset);
    offset += padded(table.length);
  }
  return out;
}

function loadFont(weight: 400 | 700) {
  const file = require.resolve(
    `@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff`,
  );
  const face = new hb.Face(new hb.Blob(woffToSfnt(readFileSync(file))));
  return { font: new hb.Font(face), unitsPerEm: face.upem };
}

const fonts = { 400: loadFont(400), 700: loadFont(700) };

export type Weight = keyof typeof fonts;

/** Whether a text has Bengali letters, and so is drawn by outlines. */
export const isBengali = (text: string) => /[\u0980-\u09ff]/.test(text);

interface Shaped {
  glyphs: { id: number; x: number; y: number }[];
  /** In font units. */
  advance: number;
}

function shape(text: string, weight: Weight): Shaped {
  const { font } = fonts[weight];
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  let pen = 0;
  const glyphs = buffer.getGlyphInfos().map((info, index) => {
    const position = positions[index];
    const glyph = {
      id: info.codepoint,
      x: pen + (position?.xOffset ?? 0),
      y: position?.yOffset ?? 0,
    };
    pen += position?.xAdvance ?? 0;
    return glyph;
  });
  return { glyphs, advance: pen };
}

/** The width of a line set at `size` pixels. */
export function shapedWidth(text: string, size: number, weight: Weight): number {
  return (shape(text, weight).advance * size) / fonts[weight].unitsPerEm;
}

/** A line centred on `centre`, its baseline at `baseline`, as glyph outlines filled with `color`. */
export function shapedLine(
  text: string,
  {
    centre,
    baseline,
    size,
    weight,
    color,
  }: {
    centre: number;
    baseline: number;
    size: number;
    weight: Weight;
    color: string;
  },
): string {
  const { font, unitsPerEm } = fonts[weight];
  const { glyphs, advance } = shape(text, weight);
  const scale = size / unitsPerEm;
  const left = centre - (advance * scale) / 2;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const paths = glyphs
    .map(({ id, x, y }) => {
      const outline = font.glyphToPath(id);
      return outline ? `<path transform="translate(${x} ${y})" d="${outline}"/>` : '';
    })
    .join('');
  return `<g fill="${color}" transform="translate(${round(left)} ${round(baseline)}) scale(${round(scale)} ${round(-scale)})">${paths}</g>`;
}
