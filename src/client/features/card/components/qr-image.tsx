/**
 * The QR image of a number, drawn by a well-kept library (qrcode) as SVG, black on white like the
 * card's Code 128 (components/ui/code128-image.tsx). Loaded only with the card's page.
 */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { svgDataUrl } from '../../../components/ui/code128-image.tsx';

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
