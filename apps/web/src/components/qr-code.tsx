import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { absoluteUrl } from '@/lib/site-link';

// Scanners need a light border of four modules around the code.
const QUIET_ZONE = 4;

function qrPath(value: string): { path: string; size: number } {
  const code = qrcode(0, 'M');
  code.addData(value);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path, size: count + QUIET_ZONE * 2 };
}

type QrCodeProps = { value: string; label: string; className?: string; testId?: string };

/**
 * `value` as a QR code drawn in the browser (nothing leaves the page to make it); a page of this
 * site is encoded with the site's address, which is what the scanning phone needs.
 */
export function QrCode({ value, label, className, testId }: QrCodeProps) {
  // Encoding is slow on a phone: once per value, not on every render of the menu around it.
  const { path, size } = useMemo(() => qrPath(absoluteUrl(value)), [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={absoluteUrl(value)}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
