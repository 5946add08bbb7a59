import './contract-texts';
import type { ContractView } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format-time';
import { displayAmount } from '@/lib/amount';
import shared from '@/components/money-page.module.css';
import { ContractTerms } from './contract-terms';
import styles from './contracts.module.css';
import { useContractActions } from './use-contract-actions';
import { Button } from '@/components/button';

const STATUS_TONE = {
  offered: 'pending',
  active: 'paid',
  rejected: 'rejected',
  terminated: 'rejected',
  ended_by_conflict: 'rejected',
} as const;

/** The other side's name: nickname, else username; the operator for a top-level contract. */
export function usePartyName() {
  const { t } = useTranslation();
  return (party: ContractView['upline']) =>
    party ? (party.nickname ?? party.username) : t('agentContracts.operator');
}

/** What waits on a contract, and the buttons the caller may press on it. */
function ContractActions({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const { busy, accept, decide } = useContractActions();
  const partyName = usePartyName();
  const other = contract.side === 'downline' ? contract.upline : contract.downline;
  const pending = contract.pendingRequest;

  if (contract.status === 'offered') {
    if (contract.side === 'upline') {
      return (
        <>
          <p className={styles.notice}>{t('agentContracts.pending.offerByMe')}</p>
          <div className={styles.actions}>
            <Button
              disabled={busy}
              onClick={() => void decide(contract.id, 'withdraw')}
              testId={`contract-${contract.id}-withdraw`}
            >
              {t('agentContracts.actions.withdraw')}
            </Button>
          </div>
        </>
      );
    }
    return (
      <>
        <p className={styles.notice}>{t('agentContracts.pending.offerForMe')}</p>
        <div className={styles.actions}>
          <Button
            disabled={busy}
            onClick={() => void decide(contract.id, 'reject')}
            testId={`contract-${contract.id}-reject`}
          >
            {t('agentContracts.actions.reject')}
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void accept(contract.id)}
            testId={`contract-${contract.id}-accept`}
          >
            {t('agentContracts.actions.accept')}
          </Button>
        </div>
      </>
    );
  }
  if (contract.status !== 'active') return null;
  if (pending?.type === 'termination') {
    if (pending.requestedBy === 'me') {
      return <p className={styles.notice}>{t('agentContracts.pending.terminationByMe')}</p>;
    }
    return (
      <>
        <p className={styles.notice}>
          {t('agentContracts.pending.terminationForMe', { name: partyName(other) })}
        </p>
        <div className={styles.actions}>
          <Button
            disabled={busy}
            onClick={() => void decide(contract.id, 'termination/reject')}
            testId={`contract-${contract.id}-termination-reject`}
          >
            {t('agentContracts.actions.rejectTermination')}
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void decide(contract.id, 'termination/accept')}
            testId={`contract-${contract.id}-termination-accept`}
          >
            {t('agentContracts.actions.acceptTermination')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <div className={styles.actions}>
      <Button
        disabled={busy}
        onClick={() => void decide(contract.id, 'termination')}
        testId={`contract-${contract.id}-terminate`}
      >
        {t('agentContracts.actions.requestTermination')}
      </Button>
    </div>
  );
}

/** One contract: the other side, its status and terms, and what the caller can do with it. */
export function ContractCard({
  contract,
  actions = true,
}: {
  contract: ContractView;
  actions?: boolean;
}) {
  const { t } = useTranslation();
  const partyName = usePartyName();
  const received = contract.side === 'downline';
  return (
    <article className={styles.contract} data-testid={`contract-${contract.id}`}>
      <div className={styles.head}>
        <p className={styles.party}>
          {received
            ? t('agentContracts.mine.from', { name: partyName(contract.upline) })
            : t('agentContracts.given.to', { name: partyName(contract.downline) })}
        </p>
        <span
          className={shared.status}
          data-status={STATUS_TONE[contract.status]}
          data-testid={`contract-${contract.id}-status`}
        >
          {t(`agentContracts.status.${contract.status}`)}
        </span>
      </div>
      <dl className={styles.facts}>
        {contract.period && (
          <div>
            <dt>{t('agentContracts.period')}:</dt>
            <dd>{t(`agentContracts.periods.${contract.period}`)}</dd>
          </div>
        )}
        {contract.type === 'dividend' && contract.carry !== '0.00' && (
          <div>
            <dt>{t('agentContracts.carry')}:</dt>
            <dd>{displayAmount(contract.carry)}</dd>
          </div>
        )}
      </dl>
      <p className={shared.muted}>
        {t('agentContracts.since', {
          time: formatTime(contract.acceptedAt ?? contract.createdAt),
        })}
        {contract.endReason && contract.status !== 'active' && (
          <>
            {' · '}
            {t(`agentContracts.endReasons.${contract.endReason}`, {
              defaultValue: contract.endReason,
            })}
          </>
        )}
      </p>
      <ContractTerms contract={contract} />
      {actions && <ContractActions contract={contract} />}
    </article>
  );
}
