import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminBlob } from '@/lib/api-client';
import { imageKeys } from '@/lib/query-keys';
import { Dialog, dialogStyles } from './dialog';
import { QueryContent } from './query-content';

// A data URL needs no revoking, so the cached image outlives any one <img> safely.
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('unreadable image'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/** An image never changes at its path, so it is fetched once per session. */
export function getImageQueryOptions(path: string) {
  return queryOptions({
    queryKey: imageKeys.image(path),
    queryFn: async ({ signal }) => dataUrl(await adminBlob(path, signal)),
    staleTime: Infinity,
  });
}

/** An image of the admin API (it needs the session, so a plain src URL would be refused). */
export function AuthImage({ path, alt, testId }: { path: string; alt: string; testId?: string }) {
  const query = useQuery(getImageQueryOptions(path));
  return (
    <QueryContent query={query}>
      {(url) => <img className={dialogStyles.image} src={url} alt={alt} data-testid={testId} />}
    </QueryContent>
  );
}

type ImageButtonProps = { path: string; label: string; testId: string };

/** A button that opens an image (receipt, proof) of the admin API in a dialog. */
export function ImageButton({ path, label, testId }: ImageButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </button>
      {open && (
        <Dialog
          title={label}
          wide
          onClose={() => setOpen(false)}
          testId={`${testId}-dialog`}
          actions={
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('common.close')}
            </button>
          }
        >
          <AuthImage path={path} alt={label} testId={`${testId}-image`} />
        </Dialog>
      )}
    </>
  );
}
