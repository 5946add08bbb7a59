import type { PermissionInfo } from '@app/shared';
import { Suspense } from 'react';
import { useGamingVenuePrompt } from '@/features/gaming-venue/use-gaming-venue-prompt';
import { useKycPrompt } from '@/features/kyc/use-kyc-prompt';
import { closeAppModal, useAppModal } from '@/lib/modals';
import type { Session } from '@/lib/session';
import { lazyChunk } from '@/lib/chunk-load';

const GamingVenueModal = lazyChunk(
  'gaming-venue-modal',
  () => import('@/features/gaming-venue/components/gaming-venue-modal'),
);
const KycModal = lazyChunk('kyc-modal', () => import('@/features/kyc/components/kyc-modal'));

type SessionPromptsProps = { permission: PermissionInfo; session: Session };

/**
 * What a logged-in session is asked once nothing else is open, one after another: the gaming
 * venue, then KYC (after registration, once the success modal is closed). The KYC modal also
 * opens on request (lib/modals 'kyc', from the security centre). Loaded only once logged in.
 */
export default function SessionPrompts({ permission, session }: SessionPromptsProps) {
  const modal = useAppModal();
  const venues = useGamingVenuePrompt(permission.whitelabel);
  const kycPrompt = useKycPrompt(permission.whitelabel);
  const idle = modal === null;
  return (
    <Suspense fallback={null}>
      {idle && venues && <GamingVenueModal token={session.token} venues={venues} />}
      {(modal === 'kyc' || (idle && venues === null && kycPrompt)) && (
        <KycModal token={session.token} onClose={closeAppModal} />
      )}
    </Suspense>
  );
}
