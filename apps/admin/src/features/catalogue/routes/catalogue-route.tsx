import type { AdminCategory, AdminGame, AdminVendor } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Feedback, type FeedbackMessage } from '@/components/feedback';
import { Dialog } from '@/components/dialog';
import { PagedTable } from '@/components/paged-table';
import { QueryContent } from '@/components/query-content';
import { Tabs } from '@/components/tabs';
import { fieldIssues } from '@app/client';
import { errorText, issueText } from '@/lib/error-text';
import {
  GAMES_PAGE_SIZE,
  getCategoriesQueryOptions,
  getGamesQueryOptions,
  getVendorsQueryOptions,
  updateCategory,
  updateGame,
  updateVendor,
  type GameFilter,
} from '../api/catalogue';
import { gameChanges, gameDraftOf, type GameDraft } from '../components/game-changes';

const TABS = ['vendors', 'games', 'categories'] as const;
type Tab = (typeof TABS)[number];

type Message = FeedbackMessage;

function VendorRow({ vendor, categories }: { vendor: AdminVendor; categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const [sequence, setSequence] = useState(String(vendor.sequence));
  const [message, setMessage] = useState<Message>(null);
  const testId = `vendor-${vendor.code}`;

  async function save(change: Parameters<typeof updateVendor>[1]) {
    setMessage(null);
    try {
      await updateVendor(vendor.id, change);
      setMessage({ text: t('catalogue.saved'), ok: true });
    } catch (error) {
      const issue = Object.values(fieldIssues(error))[0];
      setMessage({ text: issueText(t, issue) ?? errorText(t, error), ok: false });
    }
  }

  return (
    <tr data-testid={testId}>
      <td>{vendor.code}</td>
      <td>{vendor.displayName}</td>
      <td>
        <select
          value={vendor.categoryId}
          aria-label={t('catalogue.category')}
          onChange={(event) => void save({ categoryId: Number(event.target.value) })}
          data-testid={`${testId}-category`}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.code}
            </option>
          ))}
        </select>
      </td>
      <td className="number">{vendor.games}</td>
      <td>
        <input
          type="checkbox"
          checked={vendor.enabled}
          aria-label={t('catalogue.enabled')}
          onChange={(event) => void save({ enabled: event.target.checked })}
          data-testid={`${testId}-enabled`}
        />
      </td>
      <td>
        <input
          type="checkbox"
          checked={vendor.maintenance}
          aria-label={t('catalogue.maintenance')}
          onChange={(event) => void save({ maintenance: event.target.checked })}
          data-testid={`${testId}-maintenance`}
        />
      </td>
      <td>
        <form
          className="toolbar"
          onSubmit={(event) => {
            event.preventDefault();
            void save({ sequence: /^\d+$/.test(sequence.trim()) ? Number(sequence) : Number.NaN });
          }}
        >
          <input
            value={sequence}
            size={4}
            inputMode="numeric"
            aria-label={t('catalogue.sequence')}
            onChange={(event) => setSequence(event.target.value)}
            data-testid={`${testId}-sequence`}
          />
          <button type="submit" className="button" data-testid={`${testId}-save`}>
            {t('common.save')}
          </button>
        </form>
        <Feedback message={message} testId={`${testId}-message`} />
      </td>
    </tr>
  );
}

function Vendors() {
  const { t } = useTranslation();
  const vendors = useQuery(getVendorsQueryOptions());
  const categories = useQuery(getCategoriesQueryOptions());
  return (
    <QueryContent query={vendors}>
      {(list) => (
        <div className="table-wrap">
          <table className="table" data-testid="catalogue-vendors">
            <thead>
              <tr>
                <th>{t('catalogue.code')}</th>
                <th>{t('catalogue.name')}</th>
                <th>{t('catalogue.category')}</th>
                <th className="number">{t('catalogue.games')}</th>
                <th>{t('catalogue.enabled')}</th>
                <th>{t('catalogue.maintenance')}</th>
                <th>{t('catalogue.sequence')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((vendor) => (
                <VendorRow key={vendor.id} vendor={vendor} categories={categories.data ?? []} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryContent>
  );
}

function GameDialog({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<GameDraft>(() => gameDraftOf(game));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const change = gameChanges(game, draft);
    if (Object.keys(change).length === 0) {
      setMessage({ text: t('issues.empty_update'), ok: false });
      return;
    }
    setBusy(true);
    setIssues({});
    try {
      await updateGame(game.id, change);
      onClose();
    } catch (error) {
      setIssues(fieldIssues(error));
      setMessage({ text: errorText(t, error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (key: 'enabled' | 'maintenance' | 'isHot' | 'isNew') => (
    <label className="field field--inline">
      <input
        type="checkbox"
        checked={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
        data-testid={`game-form-${key}`}
      />
      <span>{t(`catalogue.${key}`)}</span>
    </label>
  );
  const text = (key: 'sequence' | 'iconUrl' | 'lagerIcon') => (
    <label className="field">
      <span>{t(`catalogue.${key}`)}</span>
      <input
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        aria-invalid={issues[key] !== undefined}
        data-testid={`game-form-${key}`}
      />
      {issues[key] !== undefined && (
        <span className="form__error">{issueText(t, issues[key])}</span>
      )}
    </label>
  );

  return (
    <Dialog
      title={`${game.name.EN} (${game.vendorCode} ${game.gameCode})`}
      onClose={onClose}
      testId="game-form"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form="game-form"
            className="button button--primary"
            disabled={busy}
            data-testid="game-form-save"
          >
            {t('common.save')}
          </button>
        </>
      }
    >
      <form id="game-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="toolbar">
          {toggle('enabled')}
          {toggle('maintenance')}
          {toggle('isHot')}
          {toggle('isNew')}
        </div>
        {text('sequence')}
        {text('iconUrl')}
        {text('lagerIcon')}
        <p className="muted">{t('catalogue.iconHelp')}</p>
        <Feedback message={message} testId="game-form-message" />
      </form>
    </Dialog>
  );
}

function Games() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<GameFilter>({ page: 1 });
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const vendors = useQuery(getVendorsQueryOptions());
  const query = useQuery(getGamesQueryOptions(filter));
  const mark = (on: boolean) => (on ? t('common.yes') : t('common.no'));
  return (
    <>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, name: name.trim() || undefined, page: 1 });
        }}
      >
        <label className="field field--inline">
          <span>{t('catalogue.vendor')}</span>
          <select
            value={filter.vendorId ?? ''}
            onChange={(event) =>
              setFilter({
                ...filter,
                vendorId: event.target.value ? Number(event.target.value) : undefined,
                page: 1,
              })
            }
            data-testid="games-vendor"
          >
            <option value="">{t('common.all')}</option>
            {(vendors.data ?? []).map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('catalogue.name')}</span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-testid="games-name"
          />
        </label>
        <button type="submit" className="button">
          {t('common.search')}
        </button>
      </form>
      <PagedTable
        query={query}
        columns={[
          { label: t('catalogue.name') },
          { label: t('catalogue.vendor') },
          { label: t('catalogue.enabled') },
          { label: t('catalogue.maintenance') },
          { label: t('catalogue.isHot') },
          { label: t('catalogue.isNew') },
          { label: t('catalogue.sequence'), number: true },
          { label: t('common.actions') },
        ]}
        row={(game) => (
          <tr key={game.id} data-testid={`game-${game.id}`}>
            <td>{game.name.EN}</td>
            <td>{game.vendorCode}</td>
            <td>{mark(game.enabled)}</td>
            <td>{mark(game.maintenance)}</td>
            <td>{mark(game.isHot)}</td>
            <td>{mark(game.isNew)}</td>
            <td className="number">{game.sequence}</td>
            <td>
              <button
                type="button"
                className="button"
                onClick={() => setEditing(game)}
                data-testid={`game-edit-${game.id}`}
              >
                {t('catalogue.edit')}
              </button>
            </td>
          </tr>
        )}
        onPage={(page) => setFilter({ ...filter, page })}
        pageSize={GAMES_PAGE_SIZE}
        testId="catalogue-games"
        tableTestId="catalogue-games"
      />
      {editing && <GameDialog game={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CategoryRow({ category }: { category: AdminCategory }) {
  const { t } = useTranslation();
  const [sequence, setSequence] = useState(String(category.sequence));
  const [message, setMessage] = useState<Message>(null);
  const testId = `category-${category.code}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await updateCategory(
        category.id,
        /^\d+$/.test(sequence.trim()) ? Number(sequence) : Number.NaN,
      );
      setMessage({ text: t('catalogue.saved'), ok: true });
    } catch (error) {
      setMessage({ text: errorText(t, error), ok: false });
    }
  }
  return (
    <tr data-testid={testId}>
      <td>{category.code}</td>
      <td>{category.vendors.map((vendor) => vendor.displayName).join(', ')}</td>
      <td>
        <form className="toolbar" onSubmit={(event) => void submit(event)}>
          <input
            value={sequence}
            size={4}
            inputMode="numeric"
            aria-label={t('catalogue.sequence')}
            onChange={(event) => setSequence(event.target.value)}
            data-testid={`${testId}-sequence`}
          />
          <button type="submit" className="button" data-testid={`${testId}-save`}>
            {t('common.save')}
          </button>
        </form>
        <Feedback message={message} testId={`${testId}-message`} />
      </td>
    </tr>
  );
}

function Categories() {
  const { t } = useTranslation();
  return (
    <QueryContent query={useQuery(getCategoriesQueryOptions())}>
      {(categories) => (
        <div className="table-wrap">
          <table className="table" data-testid="catalogue-categories">
            <thead>
              <tr>
                <th>{t('catalogue.category')}</th>
                <th>{t('catalogue.vendors')}</th>
                <th>{t('catalogue.sequence')}</th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => (
                <CategoryRow key={category.id} category={category} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryContent>
  );
}

/** Vendors, games and categories as the member site shows them; every change is audited. */
export function CatalogueRoute() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('vendors');
  return (
    <section className="page" data-testid="catalogue-page">
      <header className="page__header">
        <h1>{t('nav.catalogue')}</h1>
      </header>
      <Tabs
        tabs={TABS}
        value={tab}
        label={(name) => t(`catalogue.tabs.${name}`)}
        onChange={setTab}
        testId="catalogue-tab"
      />
      {tab === 'vendors' && <Vendors />}
      {tab === 'games' && <Games />}
      {tab === 'categories' && <Categories />}
    </section>
  );
}

export default CatalogueRoute;
