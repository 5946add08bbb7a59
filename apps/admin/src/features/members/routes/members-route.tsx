import { AdminMemberStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { FilterBar, TextFilter, useListFilter, useSearchDraft } from '@/components/filter-bar';
import { ListPage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { StatusFilter } from '@/components/status-filter';
import { useDisplayTime } from '@/lib/merchant-zone';
import { getMembersQueryOptions, type MemberSearch } from '../api/members';
import { MemberDetail } from '../components/member-detail';
import { memberTypeLabel } from '../member-type';

const SEARCH_FIELDS = ['username', 'mobile', 'email', 'name', 'agent'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

function MemberSearchPage() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<MemberSearch>({ page: 1 });
  const { bind, search } = useSearchDraft<SearchField>(
    { username: '', mobile: '', email: '', name: '', agent: '' },
    refine,
  );
  const query = useQuery(getMembersQueryOptions(filter));

  return (
    <ListPage title="members" testId="members-page">
      <FilterBar onSearch={search} testId="members-search" submitTestId="members-search-submit">
        {SEARCH_FIELDS.map((field) => (
          <TextFilter
            key={field}
            label={t(`members.search.${field}`)}
            {...bind(field)}
            testId={`members-search-${field}`}
          />
        ))}
        <StatusFilter
          options={AdminMemberStatus.options}
          value={filter.status}
          label={(status) => t(`memberStatus.${status}`)}
          onChange={(status) => refine({ status })}
          testId="members-search-status"
        />
      </FilterBar>
      <PagedTable
        query={query}
        onPage={onPage}
        testId="members"
        columns={[
          { label: t('common.id') },
          { label: t('members.username') },
          { label: t('members.type') },
          { label: t('common.status') },
          { label: t('members.name') },
          { label: t('members.contact') },
          { label: t('members.agent') },
          { label: t('members.lastLogin') },
        ]}
        row={(member) => (
          <tr key={member.id} data-testid={`member-row-${member.username}`}>
            <td>{member.id}</td>
            <td>
              <Link to={String(member.id)} data-testid="member-open">
                {member.username}
              </Link>
            </td>
            <td>{memberTypeLabel(t, member.type)}</td>
            <td>{member.status}</td>
            <td>{member.name ?? member.nickname}</td>
            <td>
              {member.mobile}
              {member.email && <div className="muted">{member.email}</div>}
            </td>
            <td>{member.agent?.username}</td>
            <td>{displayTime(member.lastLoginAt)}</td>
          </tr>
        )}
      />
    </ListPage>
  );
}

/** Member search and, under it, one member's detail page. */
export function MembersRoute() {
  return (
    <Routes>
      <Route index element={<MemberSearchPage />} />
      <Route path=":id" element={<MemberDetail />} />
    </Routes>
  );
}

export default MembersRoute;
