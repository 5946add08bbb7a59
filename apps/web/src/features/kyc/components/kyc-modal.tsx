import '@/lib/account-texts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupModal } from '@/components/popup-modal';
import { cx } from '@/lib/class-names';
import { showAlert } from '@/lib/dialogs';
import { getSecurityConfigQueryOptions } from '@/lib/security-config';
import { setSessionFlag } from '@/lib/session-flags';
import styles from './kyc.module.css';
import { KycPersonalInfoForm } from './kyc-personal-info-form';
import { KycUploadForm } from './kyc-upload-form';
import { Button } from '@/components/button';

/** The three steps the intro lists; the form steps mark where the member is. */
const STEPS = ['personalInfo', 'upload', 'review'] as const;

type Step = 0 | 1 | 2;

function StepList({ current }: { current: Step }) {
  const { t } = useTranslation('account');
  return (
    <ol className={cx(styles.steps, current > 0 && styles.stepsCompact)} data-testid="kyc-steps">
      {STEPS.map((step, index) => (
        <li
          key={step}
          className={styles.step}
          aria-current={current === index + 1 ? 'step' : undefined}
        >
          <span className={styles.stepNumber}>{index + 1}</span>
          <span className={styles.stepText}>
            <span className={styles.stepTitle}>{t(`kyc.steps.${step}.title`)}</span>
            {current === 0 && (
              <span className={styles.stepDescription}>{t(`kyc.steps.${step}.text`)}</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

type KycModalProps = {
  token: string;
  /** Called once the modal is done with: put off, or the images were sent. */
  onClose: () => void;
};

/**
 * The KYC modal (SPEC sections 2 and 4): the intro with its three steps, start or verify later;
 * then the personal information (saved, it leads on to the upload); then the front and back of
 * the ID and a selfie. Closing it at any step counts as verify later for this session.
 */
export default function KycModal({ token, onClose }: KycModalProps) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>(0);
  const config = useQuery(getSecurityConfigQueryOptions(token));
  const kyc = config.data?.info.idVerification;

  function verifyLater() {
    setSessionFlag('verifyLater', token);
    onClose();
  }

  function uploaded() {
    setSessionFlag('securityAlreadyUpLoad', token);
    onClose();
    void showAlert(t('kyc.upload_success'));
  }

  return (
    <PopupModal title={t('kyc.title')} onClose={verifyLater} size="medium" testId="kyc-modal">
      <div className={styles.body} data-step={step} data-testid={`kyc-step-${step}`}>
        <StepList current={step} />
        {step === 0 && (
          <>
            <p className={styles.lead}>{t('kyc.intro')}</p>
            {kyc?.status === 'R' && (
              <p className={styles.rejected} data-testid="kyc-rejected">
                {kyc.reviewNote
                  ? t('kyc.rejectedWithNote', { note: kyc.reviewNote })
                  : t('kyc.rejected')}
              </p>
            )}
            <div className={styles.actions}>
              <Button onClick={verifyLater} testId="kyc-verify-later">
                {t('kyc.verifyLater')}
              </Button>
              <Button variant="primary" onClick={() => setStep(1)} testId="kyc-start">
                {t('kyc.start')}
              </Button>
            </div>
          </>
        )}
        {step === 1 && (
          <KycPersonalInfoForm
            token={token}
            alreadySaved={kyc?.personalInfoSaved === true}
            onSaved={() => setStep(2)}
          />
        )}
        {step === 2 && (
          <KycUploadForm token={token} onBack={() => setStep(1)} onUploaded={uploaded} />
        )}
      </div>
    </PopupModal>
  );
}
