import {
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  LINKAGE_TYPES,
  MESSAGE_SEGMENTS,
  MESSAGE_TARGETS,
  type AdminAnnouncement,
  type AdminBanner,
  type AdminHelpSection,
  type AdminHotMatch,
  type AdminMessage,
  type ContentKind,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { PagedTable } from '../../../components/paged-table';
import { Tabs } from '../../../components/tabs';
import { fieldIssues } from '../../../lib/api-client';
import { errorText, issueText } from '../../../lib/error-text';
import { displayTime } from '../../../lib/format';
import {
  CONTENT_PAGE_SIZE,
  deleteContent,
  getAnnouncementsQueryOptions,
  getBannersQueryOptions,
  getHelpQueryOptions,
  getHotMatchesQueryOptions,
  getMessagesQueryOptions,
  previewHtml,
  saveAnnouncement,
  saveBanner,
  saveHelp,
  saveHotMatch,
  sendMessage,
  withdrawMessage,
  type ContentResource,
} from '../api/content';
import {
  imagesOfText,
  isoOfLocalInput,
  localInputOf,
  textOfImages,
} from '../components/content-forms';

const TABS = [
  'banners',
  'announcements',
  'notices',
  'popups',
  'help',
  'messages',
  'hotMatches',
] as const;
type Tab = (typeof TABS)[number];
const KIND_OF: Partial<Record<Tab, ContentKind>> = {
  announcements: 'ANNOUNCEMENT',
  notices: 'NOTICE',
  popups: 'POPUP',
};
const LANGS = ['EN', 'TL'] as const;

type Draft = Record<string, string | boolean>;

/** The cleaned HTML in a sandboxed frame: nothing in it can run even if something slipped by. */
function HtmlPreview({ html, testId }: { html: string; testId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field">
      <button
        type="button"
        className="button"
        onClick={() => {
          setError(null);
          previewHtml(html).then(setShown, (e: unknown) => setError(errorText(t, e)));
        }}
        data-testid={`${testId}-preview`}
      >
        {t('content.preview')}
      </button>
      {error && <span className="form__error">{error}</span>}
      {shown !== null && (
        <iframe
          title={t('content.preview')}
          sandbox=""
          srcDoc={shown}
          style={{ width: '100%', minHeight: 160, border: '1px solid #ccc', background: '#fff' }}
          data-testid={`${testId}-preview-frame`}
        />
      )}
    </div>
  );
}

/** One form in a dialog: fields by the draft, server issues under each field. */
function EditDialog({
  title,
  testId,
  initial,
  fields,
  submit,
  onClose,
}: {
  title: string;
  testId: string;
  initial: Draft;
  fields: (
    draft: Draft,
    set: (key: string, value: string | boolean) => void,
    issue: (key: string) => ReactNode,
  ) => ReactNode;
  submit: (draft: Draft) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: string, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));
  const issue = (key: string) =>
    issues[key] !== undefined ? (
      <span className="form__error" data-testid={`${testId}-${key}-error`}>
        {issueText(t, issues[key])}
      </span>
    ) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setIssues({});
    setMessage(null);
    try {
      await submit(draft);
      onClose();
    } catch (error) {
      setIssues(fieldIssues(error));
      setMessage(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose} wide testId={testId}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {fields(draft, set, issue)}
        {message && (
          <p className="form__error" role="alert" data-testid={`${testId}-message`}>
            {message}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            data-testid={`${testId}-save`}
          >
            {t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type FieldProps = {
  name: string;
  label: string;
  draft: Draft;
  set: (key: string, value: string | boolean) => void;
  issue: (key: string) => ReactNode;
  testId: string;
};

function TextField({
  name,
  label,
  draft,
  set,
  issue,
  testId,
  multiline,
  type,
}: FieldProps & { multiline?: boolean; type?: string }) {
  const value = String(draft[name] ?? '');
  return (
    <label className="field">
      <span>{label}</span>
      {multiline ? (
        <textarea
          rows={6}
          value={value}
          onChange={(e) => set(name, e.target.value)}
          data-testid={`${testId}-${name}`}
        />
      ) : (
        <input
          type={type ?? 'text'}
          value={value}
          onChange={(e) => set(name, e.target.value)}
          data-testid={`${testId}-${name}`}
        />
      )}
      {issue(name)}
    </label>
  );
}

function SelectField({
  name,
  label,
  draft,
  set,
  issue,
  testId,
  options,
}: FieldProps & { options: { value: string; label: string }[] }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        value={String(draft[name] ?? '')}
        onChange={(e) => set(name, e.target.value)}
        data-testid={`${testId}-${name}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {issue(name)}
    </label>
  );
}

function CheckField({ name, label, draft, set, testId }: Omit<FieldProps, 'issue'>) {
  return (
    <label className="field">
      <span>
        <input
          type="checkbox"
          checked={draft[name] === true}
          onChange={(e) => set(name, e.target.checked)}
          data-testid={`${testId}-${name}`}
        />{' '}
        {label}
      </span>
    </label>
  );
}

const str = (draft: Draft, key: string) => String(draft[key] ?? '');
const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function RowActions({
  kind,
  id,
  onEdit,
  onDelete,
  deleteLabel,
}: {
  kind: string;
  id: number;
  onEdit?: () => void;
  onDelete: () => void;
  deleteLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <td className="actions">
      {onEdit && (
        <button
          type="button"
          className="button"
          onClick={onEdit}
          data-testid={`${kind}-edit-${id}`}
        >
          {t('content.edit')}
        </button>
      )}
      <button
        type="button"
        className="button button--danger"
        onClick={onDelete}
        data-testid={`${kind}-delete-${id}`}
      >
        {deleteLabel ?? t('content.delete')}
      </button>
    </td>
  );
}

function BannersTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const query = useQuery(getBannersQueryOptions(page));
  const testId = 'banner-form';
  const initial = (b: AdminBanner | null): Draft => ({
    groupName: b?.groupName ?? 'w_home',
    language: b?.language ?? 'EN',
    title: b?.title ?? '',
    imageUrl: b?.imageUrl ?? '',
    linkageType: b?.linkageType ?? 'none',
    linkage: b?.linkage ?? '',
    sequence: String(b?.sequence ?? 0),
    enabled: b?.enabled ?? true,
    startsAt: localInputOf(b?.startsAt ?? null),
    endsAt: localInputOf(b?.endsAt ?? null),
  });
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing('new')}
          data-testid="banner-new"
        >
          {t('content.newBanner')}
        </button>
      </div>
      <PagedTable
        query={query}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={setPage}
        testId="banners"
        columns={[
          { label: t('common.id') },
          { label: t('content.group') },
          { label: t('content.language') },
          { label: t('content.titleLabel') },
          { label: t('content.linkage') },
          { label: t('content.schedule') },
          { label: t('common.actions') },
        ]}
        row={(b) => (
          <tr key={b.id} data-testid={`banner-${b.id}`}>
            <td>{b.id}</td>
            <td>{b.groupName}</td>
            <td>{b.language}</td>
            <td>{b.title || b.imageUrl}</td>
            <td>
              {t(`content.linkageTypes.${b.linkageType}`)} {b.linkage}
            </td>
            <td>
              {b.enabled ? '' : `${t('content.disabled')} `}
              {displayTime(b.startsAt)} – {displayTime(b.endsAt)}
            </td>
            <RowActions
              kind="banner"
              id={b.id}
              onEdit={() => setEditing(b)}
              onDelete={() => setRemoving(b.id)}
            />
          </tr>
        )}
      />
      {editing && (
        <EditDialog
          title={editing === 'new' ? t('content.newBanner') : t('content.editBanner')}
          testId={testId}
          initial={initial(editing === 'new' ? null : editing)}
          onClose={() => setEditing(null)}
          submit={(d) =>
            saveBanner(editing === 'new' ? null : editing.id, {
              groupName: str(d, 'groupName') as AdminBanner['groupName'],
              language: str(d, 'language') as AdminBanner['language'],
              title: str(d, 'title'),
              imageUrl: str(d, 'imageUrl'),
              linkageType: str(d, 'linkageType') as AdminBanner['linkageType'],
              linkage: str(d, 'linkage'),
              sequence: Number(str(d, 'sequence')) || 0,
              enabled: d.enabled === true,
              startsAt: isoOfLocalInput(str(d, 'startsAt')),
              endsAt: isoOfLocalInput(str(d, 'endsAt')),
            })
          }
          fields={(draft, set, issue) => {
            const p = { draft, set, issue, testId };
            return (
              <>
                <SelectField
                  {...p}
                  name="groupName"
                  label={t('content.group')}
                  options={plain(BANNER_GROUPS)}
                />
                <SelectField
                  {...p}
                  name="language"
                  label={t('content.language')}
                  options={plain(LANGS)}
                />
                <TextField {...p} name="title" label={t('content.titleLabel')} />
                <TextField {...p} name="imageUrl" label={t('content.imageUrl')} />
                <SelectField
                  {...p}
                  name="linkageType"
                  label={t('content.linkageType')}
                  options={LINKAGE_TYPES.map((value) => ({
                    value,
                    label: t(`content.linkageTypes.${value}`),
                  }))}
                />
                <TextField {...p} name="linkage" label={t('content.linkage')} />
                <TextField {...p} name="sequence" label={t('content.sequence')} />
                <TextField
                  {...p}
                  type="datetime-local"
                  name="startsAt"
                  label={t('content.startsAt')}
                />
                <TextField {...p} type="datetime-local" name="endsAt" label={t('content.endsAt')} />
                <CheckField {...p} name="enabled" label={t('content.enabled')} />
              </>
            );
          }}
        />
      )}
      {removing !== null && (
        <DeleteDialog resource="banners" id={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

/** The home page's hot matches: teams, images, kick-off, order and the vendor of the bet button. */
function HotMatchesTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminHotMatch | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const query = useQuery(getHotMatchesQueryOptions(page));
  const testId = 'hot-match-form';
  // Field names are the request's paths, so the server's issues land under their field.
  const initial = (m: AdminHotMatch | null): Draft => ({
    'title.EN': m?.title.EN ?? '',
    'title.TL': m?.title.TL ?? '',
    homeTeam: m?.homeTeam ?? '',
    awayTeam: m?.awayTeam ?? '',
    homeTeamImageUrl: m?.homeTeamImageUrl ?? '',
    awayTeamImageUrl: m?.awayTeamImageUrl ?? '',
    matchTime: localInputOf(m?.matchTime ?? null),
    vendorCode: m?.vendorCode ?? '',
    sequence: String(m?.sequence ?? 0),
    enabled: m?.enabled ?? true,
  });
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing('new')}
          data-testid="hot-match-new"
        >
          {t('content.newHotMatch')}
        </button>
      </div>
      <PagedTable
        query={query}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={setPage}
        testId="hot-matches"
        columns={[
          { label: t('common.id') },
          { label: t('content.titleLabel') },
          { label: t('content.match') },
          { label: t('content.matchTime') },
          { label: t('content.vendorCode') },
          { label: t('content.sequence') },
          { label: t('common.actions') },
        ]}
        row={(m) => (
          <tr key={m.id} data-testid={`hot-match-${m.id}`}>
            <td>{m.id}</td>
            <td>
              {m.title.EN}
              <div className="muted">{m.title.TL}</div>
            </td>
            <td>{t('content.versus', { home: m.homeTeam, away: m.awayTeam })}</td>
            <td>
              {displayTime(m.matchTime)}
              {!m.enabled && <div className="muted">{t('content.disabled')}</div>}
            </td>
            <td>{m.vendorCode}</td>
            <td>{m.sequence}</td>
            <RowActions
              kind="hot-match"
              id={m.id}
              onEdit={() => setEditing(m)}
              onDelete={() => setRemoving(m.id)}
            />
          </tr>
        )}
      />
      {editing && (
        <EditDialog
          title={editing === 'new' ? t('content.newHotMatch') : t('content.editHotMatch')}
          testId={testId}
          initial={initial(editing === 'new' ? null : editing)}
          onClose={() => setEditing(null)}
          submit={(d) =>
            saveHotMatch(editing === 'new' ? null : editing.id, {
              title: { EN: str(d, 'title.EN'), TL: str(d, 'title.TL') },
              homeTeam: str(d, 'homeTeam'),
              awayTeam: str(d, 'awayTeam'),
              homeTeamImageUrl: str(d, 'homeTeamImageUrl'),
              awayTeamImageUrl: str(d, 'awayTeamImageUrl'),
              // An empty or unreadable time is sent as typed: the server names the field.
              matchTime: isoOfLocalInput(str(d, 'matchTime')) ?? str(d, 'matchTime'),
              vendorCode: str(d, 'vendorCode'),
              sequence: str(d, 'sequence'),
              enabled: d.enabled === true,
            })
          }
          fields={(draft, set, issue) => {
            const p = { draft, set, issue, testId };
            return (
              <>
                <TextField {...p} name="title.EN" label={t('content.titleEn')} />
                <TextField {...p} name="title.TL" label={t('content.titleTl')} />
                <TextField {...p} name="homeTeam" label={t('content.homeTeam')} />
                <TextField {...p} name="homeTeamImageUrl" label={t('content.homeTeamImage')} />
                <TextField {...p} name="awayTeam" label={t('content.awayTeam')} />
                <TextField {...p} name="awayTeamImageUrl" label={t('content.awayTeamImage')} />
                <TextField
                  {...p}
                  type="datetime-local"
                  name="matchTime"
                  label={t('content.matchTime')}
                />
                <TextField {...p} name="vendorCode" label={t('content.vendorCode')} />
                <TextField {...p} name="sequence" label={t('content.sequence')} />
                <CheckField {...p} name="enabled" label={t('content.enabled')} />
              </>
            );
          }}
        />
      )}
      {removing !== null && (
        <DeleteDialog resource="hot-matches" id={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

function DeleteDialog({
  resource,
  id,
  onClose,
}: {
  resource: ContentResource;
  id: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('content.delete')}
      text={t('content.deleteText', { id })}
      confirmLabel={t('content.delete')}
      onConfirm={() => deleteContent(resource, id)}
      onClose={onClose}
      testId="content-delete"
    />
  );
}

function AnnouncementsTab({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const query = useQuery(getAnnouncementsQueryOptions(kind, page));
  const testId = 'announcement-form';
  const initial = (a: AdminAnnouncement | null): Draft => ({
    type: a?.type ?? (kind === 'POPUP' ? 'PU' : 'PL'),
    platform: a?.platform ?? 'W',
    execution: a?.execution ?? 'B',
    language: a?.language ?? 'EN',
    title: a?.title ?? '',
    content: a?.content ?? '',
    images: textOfImages(a?.images ?? []),
    enabled: a?.enabled ?? true,
    startsAt: localInputOf(a?.startsAt ?? null),
    endsAt: localInputOf(a?.endsAt ?? null),
  });
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing('new')}
          data-testid="announcement-new"
        >
          {t(`content.new.${kind}`)}
        </button>
      </div>
      <PagedTable
        query={query}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={setPage}
        testId="announcements"
        columns={[
          { label: t('common.id') },
          { label: t('content.language') },
          { label: t('content.titleLabel') },
          { label: t('content.typeLabel') },
          { label: t('content.schedule') },
          { label: t('common.actions') },
        ]}
        row={(a) => (
          <tr key={a.id} data-testid={`announcement-${a.id}`}>
            <td>{a.id}</td>
            <td>{a.language}</td>
            <td>{a.title}</td>
            <td>
              {a.type} · {t(`content.platforms.${a.platform}`)} ·{' '}
              {t(`content.executions.${a.execution}`)}
            </td>
            <td>
              {a.enabled ? '' : `${t('content.disabled')} `}
              {displayTime(a.startsAt ?? a.publishedAt)} – {displayTime(a.endsAt)}
            </td>
            <RowActions
              kind="announcement"
              id={a.id}
              onEdit={() => setEditing(a)}
              onDelete={() => setRemoving(a.id)}
            />
          </tr>
        )}
      />
      {editing && (
        <EditDialog
          title={t(`content.new.${kind}`)}
          testId={testId}
          initial={initial(editing === 'new' ? null : editing)}
          onClose={() => setEditing(null)}
          submit={(d) =>
            saveAnnouncement(editing === 'new' ? null : editing.id, {
              kind,
              type: str(d, 'type') as AdminAnnouncement['type'],
              platform: str(d, 'platform') as AdminAnnouncement['platform'],
              execution: str(d, 'execution') as AdminAnnouncement['execution'],
              language: str(d, 'language') as AdminAnnouncement['language'],
              title: str(d, 'title'),
              content: str(d, 'content'),
              images: imagesOfText(str(d, 'images')),
              enabled: d.enabled === true,
              startsAt: isoOfLocalInput(str(d, 'startsAt')),
              endsAt: isoOfLocalInput(str(d, 'endsAt')),
            })
          }
          fields={(draft, set, issue) => {
            const p = { draft, set, issue, testId };
            return (
              <>
                <SelectField
                  {...p}
                  name="language"
                  label={t('content.language')}
                  options={plain(LANGS)}
                />
                <SelectField
                  {...p}
                  name="type"
                  label={t('content.typeLabel')}
                  options={ANNOUNCEMENT_TYPES.map((value) => ({
                    value,
                    label: t(`content.types.${value}`),
                  }))}
                />
                <SelectField
                  {...p}
                  name="platform"
                  label={t('content.platform')}
                  options={(['W', 'A'] as const).map((value) => ({
                    value,
                    label: t(`content.platforms.${value}`),
                  }))}
                />
                <SelectField
                  {...p}
                  name="execution"
                  label={t('content.execution')}
                  options={(['A', 'B', 'F'] as const).map((value) => ({
                    value,
                    label: t(`content.executions.${value}`),
                  }))}
                />
                <TextField {...p} name="title" label={t('content.titleLabel')} />
                <TextField {...p} multiline name="content" label={t('content.html')} />
                <HtmlPreview html={str(draft, 'content')} testId={testId} />
                <TextField {...p} multiline name="images" label={t('content.images')} />
                <TextField
                  {...p}
                  type="datetime-local"
                  name="startsAt"
                  label={t('content.startsAt')}
                />
                <TextField {...p} type="datetime-local" name="endsAt" label={t('content.endsAt')} />
                <CheckField {...p} name="enabled" label={t('content.enabled')} />
              </>
            );
          }}
        />
      )}
      {removing !== null && (
        <DeleteDialog resource="announcements" id={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

function HelpTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminHelpSection | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const query = useQuery(getHelpQueryOptions(page));
  const testId = 'help-form';
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing('new')}
          data-testid="help-new"
        >
          {t('content.newHelp')}
        </button>
      </div>
      <PagedTable
        query={query}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={setPage}
        testId="help"
        columns={[
          { label: t('content.key') },
          { label: t('content.language') },
          { label: t('content.titleLabel') },
          { label: t('content.sequence') },
          { label: t('common.actions') },
        ]}
        row={(h) => (
          <tr key={h.id} data-testid={`help-${h.id}`}>
            <td>{h.key}</td>
            <td>{h.language}</td>
            <td>{h.title}</td>
            <td>{h.sequence}</td>
            <RowActions
              kind="help"
              id={h.id}
              onEdit={() => setEditing(h)}
              onDelete={() => setRemoving(h.id)}
            />
          </tr>
        )}
      />
      {editing && (
        <EditDialog
          title={t('content.newHelp')}
          testId={testId}
          initial={{
            key: editing === 'new' ? '' : editing.key,
            language: editing === 'new' ? 'EN' : editing.language,
            title: editing === 'new' ? '' : editing.title,
            content: editing === 'new' ? '' : editing.content,
            sequence: String(editing === 'new' ? 0 : editing.sequence),
          }}
          onClose={() => setEditing(null)}
          submit={(d) =>
            saveHelp(editing === 'new' ? null : editing.id, {
              key: str(d, 'key'),
              language: str(d, 'language') as AdminHelpSection['language'],
              title: str(d, 'title'),
              content: str(d, 'content'),
              sequence: Number(str(d, 'sequence')) || 0,
            })
          }
          fields={(draft, set, issue) => {
            const p = { draft, set, issue, testId };
            return (
              <>
                <TextField {...p} name="key" label={t('content.key')} />
                <SelectField
                  {...p}
                  name="language"
                  label={t('content.language')}
                  options={plain(LANGS)}
                />
                <TextField {...p} name="title" label={t('content.titleLabel')} />
                <TextField {...p} multiline name="content" label={t('content.html')} />
                <HtmlPreview html={str(draft, 'content')} testId={testId} />
                <TextField {...p} name="sequence" label={t('content.sequence')} />
              </>
            );
          }}
        />
      )}
      {removing !== null && (
        <DeleteDialog resource="help-sections" id={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

function MessagesTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const [withdrawing, setWithdrawing] = useState<AdminMessage | null>(null);
  const query = useQuery(getMessagesQueryOptions(page));
  const testId = 'message-form';
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setComposing(true)}
          data-testid="message-new"
        >
          {t('content.newMessage')}
        </button>
      </div>
      <PagedTable
        query={query}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={setPage}
        testId="messages"
        columns={[
          { label: t('common.id') },
          { label: t('content.target') },
          { label: t('content.titleLabel') },
          { label: t('content.sendAt') },
          { label: t('content.readCount'), number: true },
          { label: t('common.actions') },
        ]}
        row={(m) => (
          <tr key={m.id} data-testid={`message-${m.id}`}>
            <td>{m.id}</td>
            <td>
              {t(`content.targets.${m.target}`)}{' '}
              {m.username ?? (m.segment ? t(`content.segments.${m.segment}`) : '')}
            </td>
            <td>
              {m.titleEn} / {m.titleTl}
            </td>
            <td>
              {m.withdrawn ? `${t('content.withdrawn')} ` : ''}
              {displayTime(m.sendAt)}
            </td>
            <td className="number">{m.readCount}</td>
            {m.withdrawn ? (
              <td />
            ) : (
              <RowActions
                kind="message"
                id={m.id}
                onDelete={() => setWithdrawing(m)}
                deleteLabel={t('content.withdraw')}
              />
            )}
          </tr>
        )}
      />
      {composing && (
        <EditDialog
          title={t('content.newMessage')}
          testId={testId}
          initial={{
            target: 'member',
            username: '',
            segment: 'MEMBERS',
            titleEn: '',
            titleTl: '',
            contentEn: '',
            contentTl: '',
            sendAt: '',
            expiresAt: '',
          }}
          onClose={() => setComposing(false)}
          submit={(d) =>
            sendMessage({
              target: str(d, 'target') as AdminMessage['target'],
              username: str(d, 'target') === 'member' ? str(d, 'username') : undefined,
              segment:
                str(d, 'target') === 'segment'
                  ? (str(d, 'segment') as 'MEMBERS' | 'AGENTS')
                  : undefined,
              titleEn: str(d, 'titleEn'),
              titleTl: str(d, 'titleTl'),
              contentEn: str(d, 'contentEn'),
              contentTl: str(d, 'contentTl'),
              sendAt: isoOfLocalInput(str(d, 'sendAt')),
              expiresAt: isoOfLocalInput(str(d, 'expiresAt')),
            })
          }
          fields={(draft, set, issue) => {
            const p = { draft, set, issue, testId };
            return (
              <>
                <SelectField
                  {...p}
                  name="target"
                  label={t('content.target')}
                  options={MESSAGE_TARGETS.map((value) => ({
                    value,
                    label: t(`content.targets.${value}`),
                  }))}
                />
                {draft.target === 'member' && (
                  <TextField {...p} name="username" label={t('login.username')} />
                )}
                {draft.target === 'segment' && (
                  <SelectField
                    {...p}
                    name="segment"
                    label={t('content.segment')}
                    options={MESSAGE_SEGMENTS.map((value) => ({
                      value,
                      label: t(`content.segments.${value}`),
                    }))}
                  />
                )}
                <TextField {...p} name="titleEn" label={t('content.titleEn')} />
                <TextField {...p} name="titleTl" label={t('content.titleTl')} />
                <TextField {...p} multiline name="contentEn" label={t('content.contentEn')} />
                <HtmlPreview html={str(draft, 'contentEn')} testId={`${testId}-en`} />
                <TextField {...p} multiline name="contentTl" label={t('content.contentTl')} />
                <HtmlPreview html={str(draft, 'contentTl')} testId={`${testId}-tl`} />
                <TextField {...p} type="datetime-local" name="sendAt" label={t('content.sendAt')} />
                <TextField
                  {...p}
                  type="datetime-local"
                  name="expiresAt"
                  label={t('content.endsAt')}
                />
              </>
            );
          }}
        />
      )}
      {withdrawing && (
        <ConfirmDialog
          title={t('content.withdraw')}
          text={t('content.withdrawText', { title: withdrawing.titleEn })}
          confirmLabel={t('content.withdraw')}
          onConfirm={() => withdrawMessage(withdrawing.id)}
          onClose={() => setWithdrawing(null)}
          testId="message-withdraw"
        />
      )}
    </>
  );
}

/**
 * Content: banners, announcements, notices, popups, help centre, inbox messages and the home
 * page's hot matches (EN and TL).
 */
export function ContentRoute() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('banners');
  const kind = KIND_OF[tab];
  return (
    <section className="page" data-testid="content-page">
      <header className="page__header">
        <h1>{t('nav.content')}</h1>
      </header>
      <Tabs
        tabs={TABS}
        value={tab}
        label={(x) => t(`content.tabs.${x}`)}
        onChange={setTab}
        testId="content-tab"
      />
      {tab === 'banners' && <BannersTab />}
      {kind && <AnnouncementsTab key={kind} kind={kind} />}
      {tab === 'help' && <HelpTab />}
      {tab === 'messages' && <MessagesTab />}
      {tab === 'hotMatches' && <HotMatchesTab />}
    </section>
  );
}

export default ContentRoute;
