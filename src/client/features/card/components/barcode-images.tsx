/**
 * Code 128 and QR images of a number, drawn by well-kept libraries (jsbarcode, qrcode) as SVG:
 * sharp at any size, on a phone held to a scanner and on paper. Always black on white, whatever
 * the theme, so scanners read them in dark mode too. Loaded only with the pages that show them.
 */
import { useEffect, useState } from 'react';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

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

export function QrImage({
  value,
  alt,
  className,
}: {
  value: string;
  alt: string;
  className?: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (drawn) => current && setSvg(drawn),
    );
    return () => {
      current = false;
    };
  }, [value]);
  return svg ? (
    <img src={svgDataUrl(svg)} alt={alt} className={className} />
  ) : (
    <div className={`${className ?? ''} bg-white`} aria-hidden="true" />
  );
}
