import { useTranslation } from 'react-i18next';
import { QrCode } from '@/components/qr-code';
import styles from './side-menu.module.css';

type AppQrCodeProps = { url: string; platform: string; testId: string };

/** The app download link as a QR code drawn in the browser, and as a link on phones. */
export default function AppQrCode({ url, platform, testId }: AppQrCodeProps) {
  const { t } = useTranslation();
  return (
    <a
      href={url}
      className={styles.app}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      <QrCode value={url} label={t('sideMenu.appQr', { platform })} className={styles.qr} />
      <span>{platform}</span>
    </a>
  );
}
