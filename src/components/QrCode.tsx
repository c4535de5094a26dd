import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code of `text` as an SVG of dark modules on a light ground, in both themes (scanners need it). */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(text, { ecc: 'M', border: 2 });
    const squares: string[] = [];
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { path: squares.join(''), modules: count };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
