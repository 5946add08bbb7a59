import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import type { IconName } from './icon';
import { PageHeader } from './page-header';

type EmptyPageProps = {
  title: string;
  emptyTitle: string;
  emptyText: string;
  icon?: IconName;
  /** A short line under the page title. */
  subtitle?: ReactNode;
};

/** A page whose content has nothing to list yet: its heading and an empty state. */
export function EmptyPage({ title, emptyTitle, emptyText, icon, subtitle }: EmptyPageProps) {
  return (
    <>
      <PageHeader title={title}>{subtitle}</PageHeader>
      <EmptyState icon={icon} title={emptyTitle} description={emptyText} />
    </>
  );
}
