import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';

/**
 * Runs a file download (a CSV export) for a page whose message line tells a refusal: the last
 * message goes, and the download's error, if it fails, takes its place.
 */
export function useDownload(setMessage: (message: string | null) => void) {
  const { t } = useTranslation();
  return async (download: () => Promise<void>) => {
    setMessage(null);
    try {
      await download();
    } catch (error) {
      setMessage(errorText(t, error));
    }
  };
}
