import { useMemo } from 'react';
import QRCode from 'qrcode';

/** A QR code drawn as SVG (no canvas): one path of dark modules inside a 2-module quiet zone. */
export function QrCode({ value, size = 160, label }: { value: string; size?: number; label: string }) {
  const { path, dimension } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const quiet = 2;
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
      }
    }
    return { path: d, dimension: modules.size + quiet * 2 };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      className="qr-code"
      data-value={value}
    >
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
