import '../contracts/contract-texts';
import type { DownlineView } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupModal } from '@/components/popup-modal';
import { QueryContent } from '@/components/query-content';
import { SelectField, Tabs, UsernameField } from '@/components/form/fields';
import { formatTime } from '@/lib/format-time';
import { displayAmount } from '@/lib/amount';
import shared from '@/components/money-page.module.css';
import { getDownlinesQueryOptions, type DownlineFilters } from './api/team';
import styles from './team.module.css';
import { Button } from '@/components/button';

const FIRST_PAGE: DownlineFilters = {
  depth: 'direct',
  account: '',
  status: '',
  type: '',
  pageNum: 1,
};

function DownlineItem({
  downline,
  symbol,
  onTransfer,
}: {
  downline: DownlineView;
  symbol: string;
  onTransfer: (account: string) => void;
}) {
  const { t } = useTranslation();
  const status =
    downline.status === 'active' || downline.status === 'locked' ? downline.status : null;
  return (
    <li className={styles.item} data-testid={`downline-${downline.account}`}>
      <div className={styles.head}>
        <p className={styles.name}>
          {downline.account}
          {downline.nickname && <span className={shared.muted}> ({downline.nickname})</span>}
        </p>
        <span
          className={shared.status}
          data-status={downline.status === 'active' ? 'paid' : 'rejected'}
        >
          {status ? t(`agentTeam.statuses.${status}`) : downline.status}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('agentTeam.list.type')}</dt>
          <dd>
            {t(`agentTeam.types.${downline.type}`)} ·{' '}
            {t('agentTeam.list.level', { level: downline.level })}
          </dd>
        </div>
        <div>
          <dt>{t('agentTeam.list.balance')}</dt>
          <dd data-testid={`downline-${downline.account}-balance`}>
            {displayAmount(downline.mainBalance, symbol)}
          </dd>
        </div>
        <div>
          <dt>{t('agentTeam.list.registered')}</dt>
          <dd>{formatTime(downline.registeredAt)}</dd>
        </div>
        <div>
          <dt>{t('agentTeam.list.lastLogin')}</dt>
          <dd>
            {downline.lastLoginAt ? formatTime(downline.lastLoginAt) : t('agentTeam.list.never')}
          </dd>
        </div>
        <div>
          <dt>{t('agentTeam.list.contracts')}</dt>
          <dd>
            {downline.contracts.length === 0
              ? t('agentTeam.list.noContracts')
              : downline.contracts.map((type) => t(`agentContracts.types.${type}`)).join(', ')}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button
          onClick={() => onTransfer(downline.account)}
          testId={`downline-${downline.account}-transfer`}
        >
          {t('agentTeam.list.transfer')}
        </Button>
      </div>
    </li>
  );
}

/**
 * `/agentHome/downlineManagmentView`: the agent's downline, searchable, with balance, last login
 * and contracts, and a transfer to any of them.
 */
/** `transferForm`: the transfer feature's form to a downline, put in by the app layer. */
export default function DownlineManagementPage({ transferForm }: { transferForm: ReactNode }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DownlineFilters>(FIRST_PAGE);
  const [filters, setFilters] = useState<DownlineFilters>(FIRST_PAGE);
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const downlines = useQuery(getDownlinesQueryOptions(filters));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({ ...draft, pageNum: 1 });
  }

  return (
    <div className={shared.page} data-testid="downline-management-page">
      <h2 className={shared.title}>{t('agentTeam.downlineTitle')}</h2>
      <section className={shared.card} aria-labelledby="downline-list-title">
        <h3 id="downline-list-title" className="visually-hidden">
          {t('agentTeam.downlineTitle')}
        </h3>
        <Tabs<DownlineFilters['depth']>
          label={t('agentTeam.list.depth')}
          tabs={[
            { value: 'direct', label: t('agentTeam.list.depthDirect') },
            { value: 'all', label: t('agentTeam.list.depthAll') },
          ]}
          value={filters.depth}
          onChange={(depth) => {
            setDraft((old) => ({ ...old, depth }));
            setFilters((old) => ({ ...old, depth, pageNum: 1 }));
          }}
          testId="downline-depth"
        />
        <form
          className={styles.filters}
          onSubmit={search}
          role="search"
          data-testid="downline-filters"
        >
          <UsernameField
            account="other"
            label={t('agentTeam.list.search')}
            placeholder={t('agentTeam.list.searchPlaceholder')}
            value={draft.account}
            onChange={(account) => setDraft((old) => ({ ...old, account }))}
            testId="downline-search"
          />
          <SelectField
            label={t('agentTeam.list.status')}
            placeholder={t('agentTeam.list.any')}
            value={draft.status}
            onChange={(status) =>
              setDraft((old) => ({ ...old, status: status as DownlineFilters['status'] }))
            }
            options={[
              { value: 'active', label: t('agentTeam.statuses.active') },
              { value: 'locked', label: t('agentTeam.statuses.locked') },
            ]}
            testId="downline-status"
          />
          <SelectField
            label={t('agentTeam.list.type')}
            placeholder={t('agentTeam.list.any')}
            value={draft.type}
            onChange={(type) =>
              setDraft((old) => ({ ...old, type: type as DownlineFilters['type'] }))
            }
            options={[
              { value: 'member', label: t('agentTeam.types.member') },
              { value: 'agent', label: t('agentTeam.types.agent') },
            ]}
            testId="downline-type"
          />
          <Button type="submit" variant="primary" testId="downline-apply">
            {t('agentTeam.list.apply')}
          </Button>
        </form>
        <QueryContent query={downlines}>
          {(page) =>
            page.content.length === 0 ? (
              <p className={shared.muted} data-testid="downline-none">
                {t('agentTeam.list.none')}
              </p>
            ) : (
              <>
                <p className={shared.muted}>
                  {t('agentTeam.list.total', { count: page.totalElements })}
                </p>
                <ul className={styles.list} data-testid="downline-list">
                  {page.content.map((downline) => (
                    <DownlineItem
                      key={downline.id}
                      downline={downline}
                      symbol={page.currencySymbol}
                      onTransfer={setTransferTo}
                    />
                  ))}
                </ul>
                {page.totalPages > 1 && (
                  <nav
                    className={shared.pager}
                    aria-label={t('agentContracts.pager.page', {
                      page: page.pageNum,
                      pages: page.totalPages,
                    })}
                  >
                    <Button
                      disabled={page.pageNum <= 1}
                      onClick={() => setFilters((old) => ({ ...old, pageNum: old.pageNum - 1 }))}
                    >
                      {t('agentContracts.pager.previous')}
                    </Button>
                    <span className={shared.muted}>
                      {t('agentContracts.pager.page', {
                        page: page.pageNum,
                        pages: page.totalPages,
                      })}
                    </span>
                    <Button
                      disabled={page.pageNum >= page.totalPages}
                      onClick={() => setFilters((old) => ({ ...old, pageNum: old.pageNum + 1 }))}
                    >
                      {t('agentContracts.pager.next')}
                    </Button>
                  </nav>
                )}
              </>
            )
          }
        </QueryContent>
      </section>
      {transferTo && (
        <PopupModal
          title={t('agentTeam.list.transferTitle', { account: transferTo })}
          onClose={() => setTransferTo(null)}
          testId="downline-transfer-modal"
        >
          {transferForm}
        </PopupModal>
      )}
    </div>
  );
}
