import './contract-texts';
import type { RealtimeContract } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupModal } from '@/components/popup-modal';
import { QueryContent } from '@/components/query-content';
import shared from '@/components/money-page.module.css';
import { getConsolidatedContractsQueryOptions, getContractQueryOptions } from './api/contracts';
import {
  asksForAnswer,
  dismissContractEvent,
  pushWaitingContract,
  stillAnswerable,
  useContractEvents,
} from './contract-events';
import { ContractTerms } from './contract-terms';
import styles from './contracts.module.css';
import { useContractActions } from './use-contract-actions';
import { Button } from '@/components/button';

/**
 * Requests that waited while the agent was away (events sent to no socket are lost): the
 * consolidated contract info lists them; each shows once per page load.
 */
function useWaitingRequests(): void {
  const consolidated = useQuery(getConsolidatedContractsQueryOptions());
  useEffect(() => {
    if (!consolidated.data) return;
    const types = {
      divtypereq: 'dividend',
      dailysalreqtype: 'daily_salary',
      contracthoursalreq: 'hourly_salary',
      realtimesalreqtype: 'realtime_salary',
    } as const;
    for (const [name, contractType] of Object.entries(types)) {
      const entry = consolidated.data[name as keyof typeof types];
      if (!entry.awaitingMe || entry.requestContractId === null || entry.reqType === null) continue;
      pushWaitingContract({
        type: 'contract',
        action: entry.reqType === 'new' ? 'offered' : 'termination_requested',
        contractId: entry.requestContractId,
        contractType,
        counterparty: null,
      });
    }
  }, [consolidated.data]);
}

function ContractEventModal({ event }: { event: RealtimeContract }) {
  const { t } = useTranslation();
  const { busy, accept, decide } = useContractActions();
  const asks = asksForAnswer(event);
  const detail = useQuery({ ...getContractQueryOptions(event.contractId), enabled: asks });
  const contract = detail.data;
  const typeName = t(`agentContracts.types.${event.contractType}`);
  const other = contract && (contract.side === 'downline' ? contract.upline : contract.downline);
  const name =
    (other && (other.nickname ?? other.username)) ??
    event.counterparty ??
    t('agentContracts.operator');
  const answerable = asks && contract !== undefined && stillAnswerable(event, contract);
  const close = () => dismissContractEvent(event);

  async function answer(action: () => Promise<boolean>) {
    if (await action()) close();
  }

  let buttons;
  if (answerable && event.action === 'offered') {
    buttons = (
      <>
        <Button
          disabled={busy}
          onClick={() => void answer(() => decide(event.contractId, 'reject'))}
          testId="contract-reject"
        >
          {t('agentContracts.actions.reject')}
        </Button>
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => void answer(() => accept(event.contractId))}
          testId="contract-accept"
        >
          {t('agentContracts.actions.accept')}
        </Button>
      </>
    );
  } else if (answerable) {
    buttons = (
      <>
        <Button
          disabled={busy}
          onClick={() => void answer(() => decide(event.contractId, 'termination/reject'))}
          testId="contract-termination-reject"
        >
          {t('agentContracts.actions.rejectTermination')}
        </Button>
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => void answer(() => decide(event.contractId, 'termination/accept'))}
          testId="contract-termination-accept"
        >
          {t('agentContracts.actions.acceptTermination')}
        </Button>
      </>
    );
  } else if (!asks || contract) {
    buttons = (
      <Button variant="primary" onClick={close} testId="contract-popup-ok">
        {t('agentContracts.actions.ok')}
      </Button>
    );
  }

  return (
    <PopupModal
      title={t('agentContracts.popup.title', { type: typeName })}
      onClose={close}
      testId="contract-popup"
      footer={buttons}
    >
      <div className={styles.form}>
        <p data-testid="contract-popup-message">
          {t(`agentContracts.popup.${event.action}`, { name, type: typeName })}
        </p>
        {asks && (
          <QueryContent query={detail}>
            {(data) =>
              answerable ? (
                <>
                  {data.period && (
                    <p className={shared.muted}>
                      {t('agentContracts.period')}: {t(`agentContracts.periods.${data.period}`)}
                    </p>
                  )}
                  <ContractTerms contract={data} />
                </>
              ) : (
                <p className={shared.muted} data-testid="contract-popup-answered">
                  {t('agentContracts.popup.answered')}
                </p>
              )
            }
          </QueryContent>
        )}
      </div>
    </PopupModal>
  );
}

/**
 * The agent's contract popup (SPEC section 2): an offer or a termination request of the other
 * side with its terms and the answer buttons, or the news of a decision; one at a time.
 */
export default function ContractPopup() {
  useWaitingRequests();
  const events = useContractEvents();
  const event = events[0];
  if (!event) return null;
  return <ContractEventModal key={`${event.contractId}:${event.action}`} event={event} />;
}
