import '../transfer-texts';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { useVendorLogos, VendorLogo } from '@/components/vendor-logo';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { usePermissionInfo } from '@/lib/permission-info';
import { displayAmount } from '@/lib/amount';
import { getFundsQueryOptions } from '../api/transfer';
import { DownlineTransferForm } from '../components/downline-transfer-form';
import { WalletTransferForm } from '../components/wallet-transfer-form';
import { LoggedOutState } from '@/components/logged-out-state';
import shared from '@/components/money-page.module.css';
import styles from '../components/transfer.module.css';
import { useTransferTranslation } from '../transfer-texts';

/**
 * `/member/transferFund`: the main wallet and every game wallet with their balances, moving money
 * between them; agents also send money to their downline here.
 */
export default function TransferFundRoute() {
  const { t } = useTransferTranslation();
  const session = useSession();
  const { whitelabel } = usePermissionInfo();
  const usable = Boolean(session) && !session?.isTrial;
  const funds = useQuery({ ...getFundsQueryOptions(), enabled: usable });
  const logos = useVendorLogos();

  if (!session) return <LoggedOutState title={t('loggedOut')} />;
  if (session.isTrial) return <EmptyState icon="lock" title={t('trial')} />;

  return (
    <div className={shared.page} data-testid="transfer-fund-page">
      <h2 className={shared.title}>{t('fund.title')}</h2>
      <QueryContent query={funds}>
        {(data) => (
          <div className={styles.layout}>
            <section className={shared.card} aria-labelledby="fund-wallets-title">
              <div className={styles.row}>
                <h3 id="fund-wallets-title" className={shared.cardTitle}>
                  {t('fund.wallets')}
                </h3>
                <span className={shared.muted} data-testid="fund-total">
                  {t('fund.total')}: {displayAmount(data.total, data.currencySymbol)}
                </span>
              </div>
              <ul className={styles.wallets} data-testid="fund-wallets">
                {data.wallets.map((wallet) => (
                  <li
                    key={wallet.wallet}
                    className={cx(styles.wallet, wallet.wallet === 'main' && styles.walletMain)}
                    data-testid={`fund-wallet-${wallet.wallet}`}
                  >
                    <span className={styles.walletName}>
                      {wallet.wallet === 'main' ? (
                        t('mainWallet')
                      ) : (
                        <VendorLogo
                          name={wallet.displayName ?? wallet.wallet}
                          logoUrl={logos.get(wallet.wallet)}
                          size="meta"
                          withName
                        />
                      )}
                    </span>
                    <span
                      className={styles.walletBalance}
                      data-testid={`fund-wallet-${wallet.wallet}-balance`}
                    >
                      {displayAmount(wallet.balance, data.currencySymbol)}
                    </span>
                  </li>
                ))}
              </ul>
              {data.inTransit && data.inTransit !== '0.00' && (
                <p className={shared.muted} data-testid="fund-in-transit">
                  {t('fund.inTransit')}: {displayAmount(data.inTransit, data.currencySymbol)}
                </p>
              )}
            </section>
            {data.wallets.length > 1 ? (
              <WalletTransferForm funds={data} />
            ) : (
              <EmptyState icon="wallet" title={t('fund.noWallets')} />
            )}
          </div>
        )}
      </QueryContent>
      {session.isAgent && whitelabel.AGENTPOLICY3 && <DownlineTransferForm />}
    </div>
  );
}
