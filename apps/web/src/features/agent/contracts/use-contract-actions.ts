import './contract-texts';
import type { ContractEndView } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirm, showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { acceptWithConfirmation } from './accept-flow';
import { acceptContract, decideContract, type ContractDecision } from './api/contracts';

const CONFIRM_KEY = {
  reject: 'agentContracts.confirm.reject',
  termination: 'agentContracts.confirm.requestTermination',
  'termination/accept': 'agentContracts.confirm.acceptTermination',
  'termination/reject': 'agentContracts.confirm.rejectTermination',
  withdraw: 'agentContracts.confirm.withdraw',
} as const satisfies Record<ContractDecision, string>;

/**
 * Accept, reject and the termination steps of one contract, each confirmed first; a failure is
 * shown in the server's words. Resolves true when the change was made.
 */
export function useContractActions() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<boolean>): Promise<boolean> {
    setBusy(true);
    try {
      return await action();
    } catch (error) {
      await showAlert(errorText(t, error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const endLines = (ends: ContractEndView[]) =>
    ends
      .map((end) =>
        t('agentContracts.conflict.line', {
          username: end.username,
          reason: t(`agentContracts.endReasons.${end.reason}`),
        }),
      )
      .join('\n');

  const accept = (id: number) =>
    run(async () => {
      const outcome = await acceptWithConfirmation({
        accept: (confirmEnds) => acceptContract(id, confirmEnds),
        confirmEnds: (ends) =>
          askConfirm(`${t('agentContracts.conflict.intro')}\n${endLines(ends)}`, {
            title: t('agentContracts.conflict.title'),
            confirmLabel: t('agentContracts.conflict.confirm'),
          }),
      });
      if (outcome.kind === 'cancelled') return false;
      const { ended } = outcome.result;
      if (ended.length > 0) {
        await showAlert(
          t('agentContracts.done.endedAlso', {
            names: ended.map((end) => end.username).join(', '),
          }),
          { title: t('agentContracts.done.accepted') },
        );
      }
      return true;
    });

  const decide = (id: number, decision: ContractDecision) =>
    run(async () => {
      if (!(await askConfirm(t(CONFIRM_KEY[decision])))) return false;
      await decideContract(id, decision);
      return true;
    });

  return { busy, accept, decide };
}
