import { RestrictedPersonCategory } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar, TextFilter, typedFilter, useListFilter } from '@/components/filter-bar';
import { TabbedPage } from '@/components/list-page';
import { PagedList, PagedTable } from '@/components/paged-table';
import { RowButton } from '@/components/row-button';
import { StatusFilter } from '@/components/status-filter';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { useDisplayTime } from '@/lib/merchant-zone';
import {
  deleteRestrictedPerson,
  getRestrictedMatchesQueryOptions,
  getRestrictedPersonsQueryOptions,
  getRiskQueueQueryOptions,
  getSelfExclusionsQueryOptions,
  getSharedAddressesQueryOptions,
  getSharedDevicesQueryOptions,
  importRestrictedPersons,
  type PersonFilter,
} from '../api/risk';

const TABS = [
  'queue',
  'matches',
  'persons',
  'selfExclusions',
  'sharedAddresses',
  'sharedDevices',
] as const;

function CsvImport() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [lineErrors, setLineErrors] = useState<{ line: number; message: string }[]>([]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    setLineErrors([]);
    try {
      const result = await importRestrictedPersons(await file.text());
      setMessage({
        text: t('risk.importedChecked', {
          count: result.imported,
          duplicates: result.duplicates,
          matches: result.newMatches,
        }),
        ok: true,
      });
      setLineErrors(result.errors);
    } catch (error) {
      setMessage({ text: errorText(t, error), ok: false });
      const errors = error instanceof ApiError ? error.value.errors : undefined;
      if (Array.isArray(errors)) setLineErrors(errors as { line: number; message: string }[]);
    }
  }

  return (
    <div className="form" data-testid="risk-import">
      <label className="field">
        <span>{t('risk.importLabel')}</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event)}
          data-testid="risk-import-file"
        />
      </label>
      <p className="muted">{t('risk.importHelp')}</p>
      {message && (
        <p
          className={message.ok ? 'notice' : 'form__error'}
          role="status"
          data-testid="risk-import-message"
        >
          {message.text}
        </p>
      )}
      {lineErrors.length > 0 && (
        <ul className="form__error">
          {lineErrors.map((line) => (
            <li key={line.line}>
              {t('risk.lineError', { line: line.line, message: line.message })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Persons() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<PersonFilter>({ page: 1 });
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<{ id: number; fullName: string } | null>(null);
  const query = useQuery(getRestrictedPersonsQueryOptions(filter));
  return (
    <>
      <CsvImport />
      <FilterBar onSearch={() => refine({ name: typedFilter(name) })}>
        <TextFilter label={t('risk.name')} value={name} onChange={setName} />
        <StatusFilter
          options={RestrictedPersonCategory.options}
          value={filter.category}
          label={(category) => t(`risk.categories.${category}`)}
          onChange={(category) => refine({ category })}
          testId="risk-category"
        />
      </FilterBar>
      <PagedTable
        query={query}
        columns={[
          { label: t('risk.name') },
          { label: t('risk.birthday') },
          { label: t('risk.idNumber') },
          { label: t('risk.category') },
          { label: t('risk.source') },
          { label: t('risk.expiresAt') },
          { label: t('common.actions') },
        ]}
        row={(person) => (
          <tr key={person.id}>
            <td>{person.fullName}</td>
            <td>{person.birthday}</td>
            <td>{person.idNumber}</td>
            <td>{person.category}</td>
            <td>{person.source}</td>
            <td>{displayTime(person.expiresAt)}</td>
            <td>
              <RowButton
                danger
                onClick={() => setRemoving(person)}
                testId={`risk-person-delete-${person.id}`}
              >
                {t('risk.remove')}
              </RowButton>
            </td>
          </tr>
        )}
        onPage={onPage}
        testId="risk-persons"
        tableTestId="risk-persons"
      />
      {removing && (
        <ConfirmDialog
          title={t('risk.removeTitle', { name: removing.fullName })}
          text={t('risk.removeText')}
          confirmLabel={t('risk.remove')}
          onConfirm={() => deleteRestrictedPerson(removing.id)}
          onClose={() => setRemoving(null)}
          testId="risk-person-delete-confirm"
        />
      )}
    </>
  );
}

/**
 * The risk queue (issue 18): one item per member and matching list entry, found by an import's
 * re-check or a refused login, profile or KYC submission.
 */
function Queue() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={getRiskQueueQueryOptions}
      columns={[
        { label: t('risk.foundAt') },
        { label: t('common.member') },
        { label: t('risk.stage') },
        { label: t('risk.matchedBy') },
        { label: t('risk.listed') },
        { label: t('risk.category') },
      ]}
      row={(item) => (
        <tr key={item.id}>
          <td>{displayTime(item.createdAt)}</td>
          <td>
            <Link to={`/members/${item.member.id}`}>{item.member.username}</Link>
          </td>
          <td>{t(`risk.stages.${item.stage}`, { defaultValue: item.stage })}</td>
          <td>
            {item.matchedBy
              ? t(`risk.matchedByValues.${item.matchedBy}`, { defaultValue: item.matchedBy })
              : ''}
          </td>
          <td>{item.person?.fullName ?? t('risk.removedEntry')}</td>
          <td>{item.person?.category ?? ''}</td>
        </tr>
      )}
      testId="risk-queue"
    />
  );
}

function Matches() {
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={getRestrictedMatchesQueryOptions}
      columns={[
        { label: t('common.member') },
        { label: t('risk.memberName') },
        { label: t('risk.birthday') },
        { label: t('risk.listed') },
        { label: t('risk.category') },
      ]}
      row={(match) => (
        <tr key={`${match.member.id}-${match.person.id}`}>
          <td>
            <Link to={`/members/${match.member.id}`}>{match.member.username}</Link>
          </td>
          <td>{match.member.name}</td>
          <td>{match.member.birthday}</td>
          <td>{match.person.fullName}</td>
          <td>{match.person.category}</td>
        </tr>
      )}
      testId="risk-matches"
    />
  );
}

function SelfExclusions() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={getSelfExclusionsQueryOptions}
      columns={[
        { label: t('common.member') },
        { label: t('risk.memberName') },
        { label: t('risk.until') },
      ]}
      row={(exclusion) => (
        <tr key={exclusion.memberId}>
          <td>
            <Link to={`/members/${exclusion.memberId}`}>{exclusion.username}</Link>
          </td>
          <td>{exclusion.name}</td>
          <td>{displayTime(exclusion.until)}</td>
        </tr>
      )}
      testId="risk-self-exclusions"
    />
  );
}

/** The members sharing an address or a device, each a link to the member's page. */
function MemberLinks({ members }: { members: { id: number; username: string }[] }) {
  return (
    <td className="actions">
      {members.map((member) => (
        <Link key={member.id} to={`/members/${member.id}`}>
          {member.username}
        </Link>
      ))}
    </td>
  );
}

function SharedAddresses() {
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={getSharedAddressesQueryOptions}
      columns={[{ label: t('members.ip') }, { label: t('risk.members') }]}
      row={(address) => (
        <tr key={address.ip}>
          <td>{address.ip}</td>
          <MemberLinks members={address.members} />
        </tr>
      )}
      testId="risk-shared-addresses"
    />
  );
}

function SharedDevices() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={getSharedDevicesQueryOptions}
      columns={[
        { label: t('risk.device') },
        { label: t('risk.lastSeen') },
        { label: t('risk.members') },
      ]}
      row={(device) => (
        <tr key={device.deviceId}>
          <td>
            <code>{device.deviceId}</code>
          </td>
          <td>{displayTime(device.lastSeenAt)}</td>
          <MemberLinks members={device.members} />
        </tr>
      )}
      testId="risk-shared-devices"
    />
  );
}

/**
 * Restricted persons and their matches, self-exclusions, members sharing an address or a device.
 */
export function RiskRoute() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      title="risk"
      name="risk"
      tabs={TABS}
      initial="matches"
      label={(name) => t(`risk.tabs.${name}`)}
    >
      {(tab) => (
        <>
          {tab === 'queue' && <Queue />}
          {tab === 'matches' && <Matches />}
          {tab === 'persons' && <Persons />}
          {tab === 'selfExclusions' && <SelfExclusions />}
          {tab === 'sharedAddresses' && <SharedAddresses />}
          {tab === 'sharedDevices' && <SharedDevices />}
        </>
      )}
    </TabbedPage>
  );
}

export default RiskRoute;
