import type { DepositStatus } from '@app/shared';
import { StatusBadge } from '@/components/money-history';
import { useDepositTranslation } from '../deposit-texts';

/** A deposit's status in words, coloured by outcome. */
export function DepositStatusBadge({ status, testId }: { status: DepositStatus; testId?: string }) {
  const { t } = useDepositTranslation();
  return <StatusBadge status={status} label={t(`status.${status}`)} testId={testId} />;
}
