import './contract-texts';
import type { ContractTier, ContractView } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@/lib/amount';
import { contractTierRates, isRealtime, tierThresholds } from './contract-rates';
import styles from './contracts.module.css';
import records from '@/components/records.module.css';

/** A tier's thresholds as "Daily bet amount 1,000.00" lines. */
export function TierRequirements({ tier }: { tier: ContractTier }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.thresholds}>
      {tierThresholds(tier).map(([field, value]) => (
        <li key={field}>
          {t(`agentContracts.thresholds.${field}`)}:{' '}
          {field === 'activeMembers' ? value : displayAmount(value)}
        </li>
      ))}
    </ul>
  );
}

/** A contract's rate per tier next to the merchant's tier thresholds. */
export function ContractTerms({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const realtime = isRealtime(contract.type);
  const tierCount = Math.max(
    contract.tiers.length,
    contract.ratesBp?.length ?? 0,
    contract.rates?.length ?? 0,
  );
  return (
    <div className={records.tableWrap}>
      <table className={styles.table} data-testid={`contract-terms-${contract.id}`}>
        <thead>
          <tr>
            <th scope="col">{t('agentContracts.settlements.tier')}</th>
            <th scope="col">{t('agentContracts.requirements')}</th>
            {realtime ? (
              <>
                <th scope="col" className={styles.num}>
                  {t('agentContracts.profitRate')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('agentContracts.lossRate')}
                </th>
              </>
            ) : (
              <th scope="col" className={styles.num}>
                {t('agentContracts.rate')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: tierCount }, (_, index) => {
            const tier = contract.tiers[index];
            return (
              <tr key={index}>
                <th scope="row">{index + 1}</th>
                <td>{tier ? <TierRequirements tier={tier} /> : null}</td>
                {contractTierRates(contract, index).map((rate, k) => (
                  <td key={k} className={styles.num} data-testid={`contract-rate-${index}-${k}`}>
                    {t('agentContracts.percent', { value: rate })}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
