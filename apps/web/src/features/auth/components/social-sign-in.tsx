import type { SOCIAL_LANDING_PARAMS, SocialProvider, Whitelabel } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { signIn } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { exchangeSocialLoginCode, socialSignInPath } from '../api/social-login';
import styles from './auth.module.css';
import { Button } from '@/components/button';

const LANDING = {
  code: 'socialCode',
  error: 'socialError',
} as const satisfies typeof SOCIAL_LANDING_PARAMS;

const PROVIDERS: { provider: SocialProvider; enabled: (w: Whitelabel) => boolean }[] = [
  { provider: 'facebook', enabled: (w) => w.FACEBOOKLOGIN },
  { provider: 'google', enabled: (w) => w.GOOGLELOGIN },
];

type SocialButtonsProps = {
  whitelabel: Whitelabel;
  /** Checks the form first (the terms and 21+ box); false keeps the visitor here. */
  mayStart: () => boolean;
};

/**
 * The Facebook and Google buttons of the login modal, each only when the merchant enabled and
 * configured it (SPEC section 2). The page leaves for the provider and comes back to /login.
 */
export function SocialButtons({ whitelabel, mayStart }: SocialButtonsProps) {
  const { t } = useTranslation('account');
  const providers = PROVIDERS.filter((p) => p.enabled(whitelabel));
  if (providers.length === 0) return null;
  return (
    <div className={styles.social}>
      <span>{t('login.socialLabel')}</span>
      <div className={styles.socialButtons}>
        {providers.map(({ provider }) => (
          <Button
            key={provider}
            block
            onClick={() => {
              if (mayStart()) window.location.assign(socialSignInPath(provider));
            }}
            testId={`login-social-${provider}`}
          >
            {t(`login.${provider}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

/**
 * The return from Facebook or Google on /login: exchanges the login code for the session (the
 * modal then gives way to home), or gives the translated reason it failed. The query is removed
 * from the address at once, so the code does not stay in the history.
 */
export function useSocialLanding(): { pending: boolean; error: string | null } {
  const { t: tMain } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [landing] = useState(() => ({
    code: params.get(LANDING.code),
    error: params.get(LANDING.error),
  }));
  const [pending, setPending] = useState(landing.code !== null);
  const [error, setError] = useState<string | null>(null);
  // A login code is good once: the effect may run again (strict mode, new setParams), never twice.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || (landing.code === null && landing.error === null)) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (landing.code === null) return;
    exchangeSocialLoginCode(landing.code)
      .then((result) => signIn(result))
      .catch((failure: unknown) => setError(errorText(tMain, failure)))
      .finally(() => setPending(false));
  }, [landing, setParams, tMain]);

  if (error || landing.error === null) return { pending, error };
  const code = /^[A-Z_]+$/.test(landing.error) ? landing.error : 'INTERNAL_ERROR';
  return {
    pending,
    error: tMain(`errors.${code}`, { defaultValue: tMain('errors.INTERNAL_ERROR') }),
  };
}
