import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '@/lib/api-client';
import { TextField, formStyles } from './fields';

/** Clicks on the image load a new one at most once a second (SPEC section 5). */
const REFRESH_THROTTLE_MS = 1000;

export type CaptchaState = ReturnType<typeof useCaptcha>;

/**
 * A captcha of this form: GET /wps/captcha while `enabled`, the typed answer, and a refresh. A
 * captcha is spent by any check, so forms refresh it after every failed submit.
 */
export function useCaptcha(enabled = true) {
  const id = useId();
  const [answer, setAnswer] = useState('');
  const lastRefresh = useRef(0);
  const query = useQuery({
    queryKey: ['captcha', id],
    queryFn: ({ signal }) => apiGet('/wps/captcha', 'Captcha', { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const { refetch } = query;

  /** A new image; `force` skips the throttle (after a failed submit the old one is spent). */
  function refresh(force = false) {
    const now = Date.now();
    if (!force && now - lastRefresh.current < REFRESH_THROTTLE_MS) return;
    lastRefresh.current = now;
    setAnswer('');
    void refetch();
  }

  return {
    image: query.data?.image,
    failed: query.isError,
    answer,
    setAnswer,
    refresh,
    /** The request fields of the captcha answer. */
    fields: () => ({ captchaId: query.data?.captchaId, captcha: answer.trim() }),
  };
}

type CaptchaFieldProps = { captcha: CaptchaState; error?: string | null; testId?: string };

export function CaptchaField({ captcha, error, testId = 'captcha' }: CaptchaFieldProps) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('form.captcha')}
      value={captcha.answer}
      onChange={captcha.setAnswer}
      error={error}
      required
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={8}
      testId={testId}
      action={
        <button
          type="button"
          className={formStyles.captchaImage}
          onClick={() => captcha.refresh()}
          aria-label={t('form.refreshCaptcha')}
          title={t('form.refreshCaptcha')}
          data-testid={`${testId}-image`}
        >
          {captcha.image ? (
            <img src={captcha.image} alt="" />
          ) : (
            <span>{captcha.failed ? t('form.captchaRetry') : t('form.captchaLoading')}</span>
          )}
        </button>
      }
    />
  );
}
