import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '@/locales/en.json';
import { StatusFilter } from './status-filter';
import { Tabs } from './tabs';

type ListPageProps = {
  /** The page's name in the navigation, which is its title. */
  title: keyof (typeof en)['nav'];
  testId: string;
  /** What stands beside the title: a queue's status filter. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A back-office page: its title, with a queue's filter beside it, over the page's body. */
export function ListPage({ title, testId, actions, children }: ListPageProps) {
  const { t } = useTranslation();
  return (
    <section className="page" data-testid={testId}>
      <header className="page__header">
        <h1>{t(`nav.${title}`)}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

type TabbedPageProps<Tab extends string> = Omit<
  ListPageProps,
  'testId' | 'children' | 'actions'
> & {
  /** Names the test ids: the page `<name>-page`, each tab button `<name>-tab-<tab>`. */
  name: string;
  tabs: readonly Tab[];
  initial: Tab;
  label: (tab: Tab) => string;
  /** The part of the page the chosen tab shows. */
  children: (tab: Tab) => ReactNode;
};

/** A back-office page split into tabs; only the chosen tab's part is rendered (and loaded). */
export function TabbedPage<Tab extends string>({
  tabs,
  initial,
  label,
  name,
  children,
  ...page
}: TabbedPageProps<Tab>) {
  const [tab, setTab] = useState<Tab>(initial);
  return (
    <ListPage {...page} testId={`${name}-page`}>
      <Tabs tabs={tabs} value={tab} label={label} onChange={setTab} testId={`${name}-tab`} />
      {children(tab)}
    </ListPage>
  );
}

type QueuePageProps<Status extends string> = Omit<ListPageProps, 'testId' | 'actions'> & {
  /** Names the test ids: the page `<name>-page`, its status filter `<name>-status`. */
  name: string;
  statuses: readonly Status[];
  statusLabel: (status: Status) => string;
  /** The status shown (undefined: all) and the list filter's `refine` that changes it. */
  status: Status | undefined;
  refine: (change: { status: Status | undefined }) => void;
  /** False for a queue that always shows one status (KYC). */
  includeAll?: boolean;
};

/** A queue of requests to decide: a list page with the status it shows beside its title. */
export function QueuePage<Status extends string>({
  name,
  statuses,
  statusLabel,
  status,
  refine,
  includeAll,
  ...page
}: QueuePageProps<Status>) {
  return (
    <ListPage
      {...page}
      testId={`${name}-page`}
      actions={
        <StatusFilter
          options={statuses}
          value={status}
          label={statusLabel}
          onChange={(choice) => refine({ status: choice })}
          testId={`${name}-status`}
          includeAll={includeAll}
        />
      }
    />
  );
}
