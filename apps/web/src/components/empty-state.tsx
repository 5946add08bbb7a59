import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './empty-state.module.css';

type EmptyStateProps = {
  title: string;
  description?: string;
  icon?: IconName;
  children?: ReactNode;
};

/** What a page shows when it has nothing to list yet. */
export function EmptyState({ title, description, icon = 'inbox', children }: EmptyStateProps) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <span className={styles.icon}>
        <Icon name={icon} size={36} />
      </span>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </div>
  );
}
