import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '@/lib/modals';
import { getSecurityConfigQueryOptions } from '@/lib/security-config';
import { Row } from './account-rows';
import styles from './security-centre.module.css';
import { Button } from '@/components/button';
import { SecurityCard } from './security-card';

type KycState = 'loading' | 'notVerified' | 'pending' | 'approved' | 'rejected';

/**
 * Identity verification (KYC): where it stands, and the way into the KYC modal while there is
 * something left to do (not started, half done, or rejected).
 */
export function KycStatusCard({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const config = useQuery(getSecurityConfigQueryOptions(token));
  const kyc = config.data?.info.idVerification;
  let state: KycState = 'loading';
  if (kyc?.status === 'A') state = 'approved';
  else if (kyc?.status === 'R') state = 'rejected';
  else if (kyc) state = kyc.isComplete ? 'pending' : 'notVerified';
  const canVerify = state === 'notVerified' || state === 'rejected';
  return (
    <SecurityCard id="security-kyc-title" title={t('kyc.status.title')}>
      <ul className={styles.rows}>
        <Row
          id="kyc"
          icon="shield"
          label={t('kyc.status.label')}
          value={
            state === 'rejected' && kyc?.reviewNote
              ? `${t('kyc.status.rejected')}: ${kyc.reviewNote}`
              : t(`kyc.status.${state}`)
          }
          action={
            canVerify && (
              <Button
                className={styles.rowAction}
                onClick={() => openAppModal('kyc')}
                testId="security-kyc-verify"
              >
                {state === 'rejected' ? t('kyc.status.verifyAgain') : t('kyc.status.verify')}
              </Button>
            )
          }
        />
      </ul>
    </SecurityCard>
  );
}
