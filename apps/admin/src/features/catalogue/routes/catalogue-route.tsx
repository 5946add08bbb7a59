import type { AdminCategory, AdminGame, AdminVendor, UpdateGameRequest } from '@app/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Feedback, type FeedbackMessage } from '@/components/feedback';
import { Dialog, DialogButtons } from '@/components/dialog';
import { PagedTable } from '@/components/paged-table';
import { QueryContent } from '@/components/query-content';
import { DataTable } from '@/components/data-table';
import { FilterBar, TextFilter, typedFilter, useListFilter } from '@/components/filter-bar';
import { TabbedPage } from '@/components/list-page';
import { RowButton } from '@/components/row-button';
import { useSave } from '@/components/use-save';
import { ChoiceFilter } from '@/components/status-filter';
import { fieldIssues } from '@app/client';
import { errorText, issueText } from '@/lib/error-text';
import {
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

type Message = FeedbackMessage;

/** Runs a change of one row and says under it how it went (the field issue first). */
function useRowSave() {
  const { t } = useTranslation();
  const { message, issues, run } = useSave(t('catalogue.saved'));
  const issue = issueText(t, Object.values(issues)[0]);
  return {
    message: issue ? { text: issue, ok: false } : message,
    save: (work: () => Promise<unknown>) => void run(work),
  };
}

/** A row's display order: a whole number, or NaN for the server to refuse with its message. */
function SequenceForm({
  sequence: saved,
  testId,
  onSave,
}: {
  sequence: number;
  testId: string;
  onSave: (sequence: number) => void;
}) {
  const { t } = useTranslation();
  const [sequence, setSequence] = useState(String(saved));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(/^\d+$/.test(sequence.trim()) ? Number(sequence) : Number.NaN);
  }
  return (
    <form className="toolbar" onSubmit={submit}>
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
  );
}

function VendorRow({ vendor, categories }: { vendor: AdminVendor; categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const { message, save } = useRowSave();
  const testId = `vendor-${vendor.code}`;
  const change = (body: Parameters<typeof updateVendor>[1]) =>
    save(() => updateVendor(vendor.id, body));

  return (
    <tr data-testid={testId}>
      <td>{vendor.code}</td>
      <td>{vendor.displayName}</td>
      <td>
        <select
          value={vendor.categoryId}
          aria-label={t('catalogue.category')}
          onChange={(event) => change({ categoryId: Number(event.target.value) })}
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
      {(['enabled', 'maintenance'] as const).map((key) => (
        <td key={key}>
          <input
            type="checkbox"
            checked={vendor[key]}
            aria-label={t(`catalogue.${key}`)}
            onChange={(event) => change({ [key]: event.target.checked })}
            data-testid={`${testId}-${key}`}
          />
        </td>
      ))}
      <td>
        <SequenceForm
          sequence={vendor.sequence}
          testId={testId}
          onSave={(sequence) => change({ sequence })}
        />
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
        <DataTable
          testId="catalogue-vendors"
          columns={[
            { label: t('catalogue.code') },
            { label: t('catalogue.name') },
            { label: t('catalogue.category') },
            { label: t('catalogue.games'), number: true },
            { label: t('catalogue.enabled') },
            { label: t('catalogue.maintenance') },
            { label: t('catalogue.sequence') },
          ]}
          items={list}
          row={(vendor) => (
            <VendorRow key={vendor.id} vendor={vendor} categories={categories.data ?? []} />
          )}
        />
      )}
    </QueryContent>
  );
}

function GameDialog({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<GameDraft>({ defaultValues: gameDraftOf(game) });
  const [message, setMessage] = useState<Message>(null);
  const save = useMutation({
    mutationFn: (change: UpdateGameRequest) => updateGame(game.id, change),
  });
  const issues = form.formState.errors;

  const submit = form.handleSubmit((draft) => {
    const change = gameChanges(game, draft);
    if (Object.keys(change).length === 0) {
      setMessage({ text: t('issues.empty_update'), ok: false });
      return;
    }
    setMessage(null);
    save.mutate(change, {
      onSuccess: onClose,
      onError: (error) => {
        for (const [key, issue] of Object.entries(fieldIssues(error))) {
          form.setError(key as keyof GameDraft, { message: issue });
        }
        setMessage({ text: errorText(t, error), ok: false });
      },
    });
  });

  const toggle = (key: 'enabled' | 'maintenance' | 'isHot' | 'isNew') => (
    <label className="field field--inline">
      <input type="checkbox" {...form.register(key)} data-testid={`game-form-${key}`} />
      <span>{t(`catalogue.${key}`)}</span>
    </label>
  );
  const text = (key: 'sequence' | 'iconUrl' | 'lagerIcon') => (
    <label className="field">
      <span>{t(`catalogue.${key}`)}</span>
      <input
        {...form.register(key)}
        aria-invalid={issues[key] !== undefined}
        data-testid={`game-form-${key}`}
      />
      {issues[key] !== undefined && (
        <span className="form__error">{issueText(t, issues[key].message)}</span>
      )}
    </label>
  );

  return (
    <Dialog
      title={`${game.name.EN} (${game.vendorCode} ${game.gameCode})`}
      onClose={onClose}
      testId="game-form"
      actions={
        <DialogButtons
          onCancel={onClose}
          label={t('common.save')}
          busy={save.isPending}
          form="game-form"
          testId="game-form-save"
        />
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
  const { filter, refine, onPage } = useListFilter<GameFilter>({ page: 1 });
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const vendors = useQuery(getVendorsQueryOptions());
  const query = useQuery(getGamesQueryOptions(filter));
  const mark = (on: boolean) => (on ? t('common.yes') : t('common.no'));
  const vendorName = new Map((vendors.data ?? []).map((vendor) => [String(vendor.id), vendor]));
  return (
    <>
      <FilterBar onSearch={() => refine({ name: typedFilter(name) })}>
        <ChoiceFilter
          title={t('catalogue.vendor')}
          options={[...vendorName.keys()]}
          value={filter.vendorId === undefined ? undefined : String(filter.vendorId)}
          label={(id) => vendorName.get(id)?.displayName ?? id}
          onChange={(id) => refine({ vendorId: id === undefined ? undefined : Number(id) })}
          testId="games-vendor"
          inline
        />
        <TextFilter
          label={t('catalogue.name')}
          value={name}
          onChange={setName}
          testId="games-name"
        />
      </FilterBar>
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
              <RowButton onClick={() => setEditing(game)} testId={`game-edit-${game.id}`}>
                {t('catalogue.edit')}
              </RowButton>
            </td>
          </tr>
        )}
        onPage={onPage}
        testId="catalogue-games"
        tableTestId="catalogue-games"
      />
      {editing && <GameDialog game={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CategoryRow({ category }: { category: AdminCategory }) {
  const { message, save } = useRowSave();
  const testId = `category-${category.code}`;
  return (
    <tr data-testid={testId}>
      <td>{category.code}</td>
      <td>{category.vendors.map((vendor) => vendor.displayName).join(', ')}</td>
      <td>
        <SequenceForm
          sequence={category.sequence}
          testId={testId}
          onSave={(sequence) => save(() => updateCategory(category.id, sequence))}
        />
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
        <DataTable
          testId="catalogue-categories"
          columns={[
            { label: t('catalogue.category') },
            { label: t('catalogue.vendors') },
            { label: t('catalogue.sequence') },
          ]}
          items={categories}
          row={(category) => <CategoryRow key={category.id} category={category} />}
        />
      )}
    </QueryContent>
  );
}

/** Vendors, games and categories as the member site shows them; every change is audited. */
export function CatalogueRoute() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      title="catalogue"
      name="catalogue"
      tabs={TABS}
      initial="vendors"
      label={(name) => t(`catalogue.tabs.${name}`)}
    >
      {(tab) => (
        <>
          {tab === 'vendors' && <Vendors />}
          {tab === 'games' && <Games />}
          {tab === 'categories' && <Categories />}
        </>
      )}
    </TabbedPage>
  );
}

export default CatalogueRoute;
