import { loadChunk } from '@app/shared/chunk-load';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readMerchantCode, useSession } from '@/lib/session';

/**
 * The live websocket of the logged-in member (balance and other pushed events), mounted once in
 * the app shell. Opens when a member or agent is logged in, closes at logout; trial accounts and
 * sessions that must change their password first get none. The connection code loads lazily.
 */
export function LiveUpdates(): null {
  const session = useSession();
  const queryClient = useQueryClient();
  const token =
    session && !session.passwordChangeRequired && !session.isTrial ? session.token : null;
  const account = session?.account ?? '';

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    let disconnect: (() => void) | undefined;
    let cancelled = false;
    loadChunk('realtime-connection', () => import('./realtime-connection'))
      .then(({ connectRealtime }) => {
        if (!cancelled) {
          disconnect = connectRealtime({
            token,
            merchant: readMerchantCode(),
            queryClient,
            account,
          });
        }
      })
      // A chunk that fails to load only costs live updates; the pages still fetch.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [token, account, queryClient]);

  return null;
}
