import { Suspense } from 'react';
import { usePermissionInfo } from '@/lib/permission-info';
import { closeAppModal, useAppModal } from '@/lib/modals';
import { usePendingIntentText } from '@/lib/pending-intent-store';
import { useSession } from '@/lib/session';
import { lazyChunk } from '@/lib/chunk-load';

// Each modal's code loads the first time it opens.
const ForgotPasswordModal = lazyChunk(
  'forgot-password-modal',
  () => import('./composed/forgot-password-modal'),
);
const ChangePasswordModal = lazyChunk(
  'change-password-modal',
  () => import('@/features/auth/components/change-password-modal'),
);
const RegisterSuccessModal = lazyChunk(
  'register-success-modal',
  () => import('@/features/auth/components/register-success-modal'),
);
const FeedbackModal = lazyChunk(
  'feedback-modal',
  () => import('@/features/feedback/components/feedback-modal'),
);
const SessionPrompts = lazyChunk('session-prompts', () => import('./session-prompts'));
const ResumeIntent = lazyChunk('resume-intent', () => import('./resume-intent'));

/**
 * The modals of lib/modals, plus the forced password change, which stays open for as long as
 * the session says the password must change (a reload does not get around it), and what a
 * logged-in session is asked (gaming venue, KYC), and what a refused trial chose once it has
 * registered (ResumeIntent).
 */
export function AppModals() {
  const permission = usePermissionInfo();
  const modal = useAppModal();
  const session = useSession();
  const forcedChange = session?.passwordChangeRequired === true;
  const intent = usePendingIntentText();
  return (
    <Suspense fallback={null}>
      {forcedChange && <ChangePasswordModal permission={permission} />}
      {!forcedChange && modal === 'changePassword' && (
        <ChangePasswordModal permission={permission} onClose={closeAppModal} />
      )}
      {modal === 'forgotPassword' && (
        <ForgotPasswordModal permission={permission} onClose={closeAppModal} />
      )}
      {modal === 'registerSuccess' && <RegisterSuccessModal onClose={closeAppModal} />}
      {modal === 'feedback' && <FeedbackModal onClose={closeAppModal} />}
      {intent && session && !session.isTrial && !forcedChange && (
        <Suspense fallback={null}>
          <ResumeIntent stored={intent} session={session} />
        </Suspense>
      )}
      {session && !forcedChange && (
        // Its own boundary: while it loads, the modals above stay open.
        <Suspense fallback={null}>
          <SessionPrompts permission={permission} session={session} />
        </Suspense>
      )}
    </Suspense>
  );
}
