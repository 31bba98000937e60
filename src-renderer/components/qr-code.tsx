import QRCode from 'qrcode';
import { useEffect, useState, type ReactElement } from 'react';

/** `text` as a QR code (SVG from the qrcode library), dark modules on white in every theme. */
export function QrCode({
  text,
  label,
  size = 176,
}: {
  text: string;
  label: string;
  size?: number;
}): ReactElement {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        if (live) setSrc(null);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="qr" style={{ width: size, height: size }} data-testid="qr-code">
      {src ? <img src={src} alt={label} width={size} height={size} /> : null}
    </div>
  );
}
