import { AdminMemberStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import { StatusFilter } from '@/components/status-filter';
import { displayTime } from '@/lib/format';
import { getMembersQueryOptions, MEMBER_PAGE_SIZE, type MemberSearch } from '../api/members';
import { MemberDetail } from '../components/member-detail';
import { memberTypeLabel } from '../member-type';

const SEARCH_FIELDS = ['username', 'mobile', 'email', 'name', 'agent'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

function MemberSearchPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<SearchField, string>>({
    username: '',
    mobile: '',
    email: '',
    name: '',
    agent: '',
  });
  const [search, setSearch] = useState<MemberSearch>({ page: 1 });
  const query = useQuery(getMembersQueryOptions(search));

  function submit(event: FormEvent) {
    event.preventDefault();
    const filters: Partial<Record<SearchField, string>> = {};
    for (const field of SEARCH_FIELDS) {
      if (draft[field].trim()) filters[field] = draft[field].trim();
    }
    setSearch({ ...filters, status: search.status, page: 1 });
  }

  return (
    <section className="page" data-testid="members-page">
      <header className="page__header">
        <h1>{t('nav.members')}</h1>
      </header>
      <form className="filters" onSubmit={submit} data-testid="members-search">
        {SEARCH_FIELDS.map((field) => (
          <label key={field} className="field">
            <span>{t(`members.search.${field}`)}</span>
            <input
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              data-testid={`members-search-${field}`}
            />
          </label>
        ))}
        <StatusFilter
          options={AdminMemberStatus.options}
          value={search.status}
          label={(status) => t(`memberStatus.${status}`)}
          onChange={(status) => setSearch({ ...search, status, page: 1 })}
          testId="members-search-status"
        />
        <button
          type="submit"
          className="button button--primary"
          data-testid="members-search-submit"
        >
          {t('common.search')}
        </button>
      </form>
      <PagedTable
        query={query}
        pageSize={MEMBER_PAGE_SIZE}
        onPage={(next) => setSearch({ ...search, page: next })}
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
    </section>
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
