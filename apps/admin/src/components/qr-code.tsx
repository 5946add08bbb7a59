import qrcode from 'qrcode-generator';

type QrCodeProps = { value: string; label: string; testId?: string };

/** `value` as a QR code image made in the browser: the TOTP secret never leaves the page. */
export function QrCode({ value, label, testId }: QrCodeProps) {
  const code = qrcode(0, 'M');
  code.addData(value);
  code.make();
  // Cells of 4 px with the 4-module quiet zone scanners need.
  return <img src={code.createDataURL(4, 16)} alt={label} data-testid={testId} />;
}
