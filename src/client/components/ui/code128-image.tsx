/**
 * A Code 128 image of a number, drawn by a well-kept library (jsbarcode) as SVG: sharp at any
 * size, on a phone held to a scanner and on paper. Always black on white, whatever the theme, so
 * scanners read it in dark mode too. Loaded only with the pages that show one (the library card,
 * the labels page).
 */
import JsBarcode from 'jsbarcode';

export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The Code 128 barcode of `value` as an SVG document (bars 2 units wide, 10-unit quiet zones). */
export function code128Svg(value: string, height = 80): string {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  JsBarcode(svg, value, {
    format: 'CODE128',
    width: 2,
    height,
    margin: 10,
    displayValue: false,
    background: '#ffffff',
    lineColor: '#000000',
  });
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return svg.outerHTML;
}

export function Code128Image({
  value,
  alt,
  className,
  height,
}: {
  value: string;
  alt: string;
  className?: string;
  height?: number;
}) {
  return <img src={svgDataUrl(code128Svg(value, height))} alt={alt} className={className} />;
}
