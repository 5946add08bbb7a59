import { Suspense, useEffect } from 'react';
import { useSession } from '@/lib/session';
import { clearContractEvents } from './contract-events';
import { lazyChunk } from '@/lib/chunk-load';

const ContractPopup = lazyChunk('contract-popup', () => import('./contract-popup'));

/**
 * Mounted once in the app shell: the contract popup's code loads only for a signed-in agent;
 * the queue empties at logout so the next account sees none of it.
 */
export function ContractPopupHost() {
  const session = useSession();
  const agent =
    session !== null && session.isAgent && !session.isTrial && !session.passwordChangeRequired;
  const account = session?.account ?? '';
  useEffect(() => () => clearContractEvents(), [account]);
  if (!agent) return null;
  return (
    <Suspense fallback={null}>
      <ContractPopup key={account} />
    </Suspense>
  );
}
