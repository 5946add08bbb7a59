import type { AdminMemberProfile } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { PagedList } from '@/components/paged-table';
import { QueryContent } from '@/components/query-content';
import { Tabs } from '@/components/tabs';
import { displayAmount } from '@/lib/format';
import { useDisplayTime } from '@/lib/merchant-zone';
import {
  getBalancesQueryOptions,
  getIpsQueryOptions,
  getLedgerQueryOptions,
  getLoginsQueryOptions,
  getMemberQueryOptions,
} from '../api/members';
import { memberTypeLabel } from '../member-type';
import { MemberActions } from './member-actions';
import { MemberBets } from './member-bets';
import styles from './member-detail.module.css';
import { Facts, type Fact } from '@/components/facts';

const TABS = ['ledger', 'bets', 'logins', 'ips'] as const;
type Tab = (typeof TABS)[number];

function Profile({ member }: { member: AdminMemberProfile }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const rows: Fact[] = [
    [t('members.type'), memberTypeLabel(t, member.type)],
    [t('common.status'), t(`memberStatus.${member.status === 'locked' ? 'locked' : 'active'}`)],
    [t('members.name'), member.name],
    [t('members.nickname'), member.nickname],
    [t('members.search.mobile'), member.mobile],
    [t('members.search.email'), member.email],
    [t('members.birthday'), member.birthday],
    [t('members.agent'), member.agent?.username ?? null],
    [t('members.downline'), member.directDownline],
    [t('members.kyc'), member.kycStatus ? t(`kycStatus.${member.kycStatus}`) : null],
    [t('members.registered'), displayTime(member.createdAt)],
    [t('members.registerIp'), member.registerIp],
    [t('members.lastLogin'), displayTime(member.lastLoginAt)],
    [t('members.selfExcludedUntil'), displayTime(member.selfExcludedUntil)],
    [t('members.mustChangePassword'), member.mustChangePassword ? t('common.yes') : t('common.no')],
    ...Object.entries(member.profile).map(([key, value]): [string, string] => [key, value]),
  ];
  return <Facts facts={rows} className={styles.facts} testId="member-profile" />;
}

function Balances({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(getBalancesQueryOptions(id));
  return (
    <QueryContent query={query}>
      {(balances) => (
        <dl className={styles.balances} data-testid="member-balances">
          <div>
            <dt>{t('members.main')}</dt>
            <dd data-testid="member-balance-main">{displayAmount(balances.main)}</dd>
          </div>
          <div>
            <dt>{t('members.commission')}</dt>
            <dd>{displayAmount(balances.commission)}</dd>
          </div>
          {balances.vendors.map((vendor) => (
            <div key={vendor.vendorCode}>
              <dt>{vendor.vendorCode}</dt>
              <dd>{displayAmount(vendor.balance)}</dd>
            </div>
          ))}
          <div>
            <dt>
              {t('members.total')} ({balances.currency})
            </dt>
            <dd data-testid="member-balance-total">{displayAmount(balances.total)}</dd>
          </div>
        </dl>
      )}
    </QueryContent>
  );
}

function Ledger({ id }: { id: number }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={(page) => getLedgerQueryOptions(id, page)}
      testId="member-ledger"
      columns={[
        { label: t('members.time') },
        { label: t('members.entryType') },
        { label: t('members.wallet') },
        { label: t('common.amount'), number: true },
        { label: t('members.balanceAfter'), number: true },
        { label: t('members.key') },
      ]}
      row={(line) => (
        <tr key={line.id}>
          <td>{displayTime(line.time)}</td>
          <td>{line.entryType}</td>
          <td>{line.wallet}</td>
          <td className="number">{displayAmount(line.amount)}</td>
          <td className="number">{displayAmount(line.balanceAfter)}</td>
          <td className="muted">{line.idempotencyKey}</td>
        </tr>
      )}
    />
  );
}

function Logins({ id }: { id: number }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={(page) => getLoginsQueryOptions(id, page)}
      testId="member-logins"
      columns={[
        { label: t('members.time') },
        { label: t('members.ip') },
        { label: t('common.status') },
        { label: t('members.userAgent') },
      ]}
      row={(login) => (
        <tr key={login.id}>
          <td>{displayTime(login.time)}</td>
          <td>{login.ip}</td>
          <td>
            {login.success ? t('members.loginOk') : `${t('members.loginFailed')} (${login.reason})`}
          </td>
          <td className="muted">{login.userAgent}</td>
        </tr>
      )}
    />
  );
}

function Ips({ id }: { id: number }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <QueryContent query={useQuery(getIpsQueryOptions(id))}>
      {(ips) => (
        <DataTable
          testId="member-ips"
          columns={[
            { label: t('members.ip') },
            { label: t('members.firstSeen') },
            { label: t('members.sharedWith') },
          ]}
          items={ips}
          row={(address) => (
            <tr key={address.ip}>
              <td>{address.ip}</td>
              <td>{displayTime(address.firstSeenAt)}</td>
              <td>
                {address.sharedWith.map((other) => (
                  <Link key={other.id} to={`../${other.id}`} className={styles.shared}>
                    {other.username}
                  </Link>
                ))}
              </td>
            </tr>
          )}
        />
      )}
    </QueryContent>
  );
}

/** One member: profile, balances, the actions the role allows, ledger, logins and addresses. */
export function MemberDetail() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [tab, setTab] = useState<Tab>('ledger');
  const query = useQuery(getMemberQueryOptions(id));
  return (
    <section className="page" data-testid="member-detail">
      <QueryContent query={query}>
        {(member) => (
          <>
            <header className="page__header">
              <h1 data-testid="member-username">{member.username}</h1>
              <Link to="..">{t('members.back')}</Link>
            </header>
            <MemberActions member={member} />
            <Balances id={id} />
            <Profile member={member} />
            <Tabs
              tabs={TABS}
              value={tab}
              label={(name) => t(`members.tabs.${name}`)}
              onChange={setTab}
              testId="member-tab"
            />
            {tab === 'ledger' && <Ledger id={id} />}
            {tab === 'bets' && <MemberBets id={id} />}
            {tab === 'logins' && <Logins id={id} />}
            {tab === 'ips' && <Ips id={id} />}
          </>
        )}
      </QueryContent>
    </section>
  );
}
