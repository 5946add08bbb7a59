import '@/lib/account-texts';
import type { PermissionInfo } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormMessage } from '@/components/form/fields';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { startFreePlay } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { openAppModal } from '@/lib/modals';
import { useSession } from '@/lib/session';
import styles from './auth.module.css';
import { LoginForm } from './login-form';
import { useSocialLanding } from './social-sign-in';
import { Button } from '@/components/button';

/** Free play (SPEC section 4): a trial account that can look around but not play or pay. */
function FreePlayOffer() {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const freePlay = useMutation({ mutationFn: startFreePlay });
  // Once started the session changes and the modal gives way: the button stays held till then.
  const held = freePlay.isPending || freePlay.isSuccess;

  return (
    <div className={styles.freePlay}>
      <span>{t('freePlay.offer')}</span>
      <Button block onClick={() => freePlay.mutate()} disabled={held} testId="login-free-play">
        {t('freePlay.start')}
      </Button>
      {freePlay.isError && <FormMessage>{errorText(tMain, freePlay.error)}</FormMessage>}
    </div>
  );
}

/** `/login` over the home page; once logged in (or if already) it gives way to home. */
/** `banners`: the login banners (the content feature's), put in by the app layer. */
export default function LoginModal({
  permission,
  banners,
}: {
  permission: PermissionInfo;
  banners: ReactNode;
}) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const session = useSession();
  const social = useSocialLanding();
  if (session) return <Navigate to={paths.home} replace />;

  function forgotPassword() {
    void navigate(paths.home, { replace: true });
    openAppModal('forgotPassword');
  }

  return (
    <PopupModal
      title={t('login.title')}
      onClose={() => void navigate(paths.home)}
      size="small"
      testId="login-modal"
    >
      {banners}
      {social.pending && (
        <FormMessage kind="info" testId="login-social-pending">
          {t('login.socialPending')}
        </FormMessage>
      )}
      {social.error && <FormMessage testId="login-social-error">{social.error}</FormMessage>}
      <LoginForm permission={permission} area="member" onForgotPassword={forgotPassword} />
      <p className={styles.switch}>
        {t('login.noAccount')}{' '}
        <Link to={paths.register} replace data-testid="auth-switch-register">
          {t('login.signUp')}
        </Link>
      </p>
      {permission.whitelabel.FREEPLAY && <FreePlayOffer />}
    </PopupModal>
  );
}
