import type { DepositChannel } from '@app/shared';
import { useEffect, useState } from 'react';
import { useDepositTranslation } from '../deposit-texts';
import shared from '@/components/money-page.module.css';
import styles from './deposit.module.css';
import { Button } from '@/components/button';

type Payee = NonNullable<DepositChannel['payee']>;
type PayeeField = 'name' | 'account' | 'bank';

/** Whom a manual deposit is paid to, each detail with a copy button. */
export function PayeeDetails({ payee }: { payee: Payee }) {
  const { t } = useDepositTranslation();
  const [copied, setCopied] = useState<PayeeField | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(field: PayeeField, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(field);
    } catch {
      // No clipboard (an insecure context or a refused permission): the text stays selectable.
    }
  }

  const rows = (
    [
      ['name', payee.name],
      ['account', payee.account],
      ['bank', payee.bank],
    ] as const
  ).filter((row): row is readonly [PayeeField, string] => Boolean(row[1]));

  return (
    <div className={shared.card} data-testid="deposit-payee">
      <h4 className={shared.cardTitle}>{t('payee.title')}</h4>
      <dl className={styles.payee}>
        {rows.map(([field, text]) => (
          <div key={field} className={styles.payeeRow}>
            <dt>{t(`payee.${field}`)}</dt>
            <dd>
              <span data-testid={`deposit-payee-${field}`}>{text}</span>
              <Button
                className={styles.copy}
                onClick={() => void copy(field, text)}
                aria-label={t('payee.copyLabel', { field: t(`payee.${field}`) })}
                testId={`deposit-copy-${field}`}
              >
                {copied === field ? t('payee.copied') : t('payee.copy')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
