import type { AdminMemberProfile } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Pagination } from '@/components/pagination';
import { QueryContent } from '@/components/query-content';
import { Tabs } from '@/components/tabs';
import { displayAmount, displayTime } from '@/lib/format';
import {
  getBalancesQueryOptions,
  getIpsQueryOptions,
  getLedgerQueryOptions,
  getLoginsQueryOptions,
  getMemberQueryOptions,
  MEMBER_PAGE_SIZE,
} from '../api/members';
import { memberTypeLabel } from '../member-type';
import { MemberActions } from './member-actions';
import { MemberBets } from './member-bets';
import styles from './member-detail.module.css';

const TABS = ['ledger', 'bets', 'logins', 'ips'] as const;
type Tab = (typeof TABS)[number];

function Profile({ member }: { member: AdminMemberProfile }) {
  const { t } = useTranslation();
  const rows: [string, string | number | null][] = [
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
  return (
    <dl className={styles.facts} data-testid="member-profile">
      {rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
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
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(getLedgerQueryOptions(id, page));
  return (
    <QueryContent query={query}>
      {(lines) => (
        <>
          <div className="table-wrap">
            <table className="table" data-testid="member-ledger">
              <thead>
                <tr>
                  <th>{t('members.time')}</th>
                  <th>{t('members.entryType')}</th>
                  <th>{t('members.wallet')}</th>
                  <th className="number">{t('common.amount')}</th>
                  <th className="number">{t('members.balanceAfter')}</th>
                  <th>{t('members.key')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.items.map((line) => (
                  <tr key={line.id}>
                    <td>{displayTime(line.time)}</td>
                    <td>{line.entryType}</td>
                    <td>{line.wallet}</td>
                    <td className="number">{displayAmount(line.amount)}</td>
                    <td className="number">{displayAmount(line.balanceAfter)}</td>
                    <td className="muted">{line.idempotencyKey}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={lines.page}
            size={MEMBER_PAGE_SIZE}
            total={lines.total}
            onPage={setPage}
            testId="member-ledger-pages"
          />
        </>
      )}
    </QueryContent>
  );
}

function Logins({ id }: { id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(getLoginsQueryOptions(id, page));
  return (
    <QueryContent query={query}>
      {(logins) => (
        <>
          <div className="table-wrap">
            <table className="table" data-testid="member-logins">
              <thead>
                <tr>
                  <th>{t('members.time')}</th>
                  <th>{t('members.ip')}</th>
                  <th>{t('common.status')}</th>
                  <th>{t('members.userAgent')}</th>
                </tr>
              </thead>
              <tbody>
                {logins.items.map((login) => (
                  <tr key={login.id}>
                    <td>{displayTime(login.time)}</td>
                    <td>{login.ip}</td>
                    <td>
                      {login.success
                        ? t('members.loginOk')
                        : `${t('members.loginFailed')} (${login.reason})`}
                    </td>
                    <td className="muted">{login.userAgent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={logins.page}
            size={MEMBER_PAGE_SIZE}
            total={logins.total}
            onPage={setPage}
            testId="member-logins-pages"
          />
        </>
      )}
    </QueryContent>
  );
}

function Ips({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(getIpsQueryOptions(id));
  return (
    <QueryContent query={query}>
      {(ips) => (
        <div className="table-wrap">
          <table className="table" data-testid="member-ips">
            <thead>
              <tr>
                <th>{t('members.ip')}</th>
                <th>{t('members.firstSeen')}</th>
                <th>{t('members.sharedWith')}</th>
              </tr>
            </thead>
            <tbody>
              {ips.map((address) => (
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
              ))}
            </tbody>
          </table>
        </div>
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
