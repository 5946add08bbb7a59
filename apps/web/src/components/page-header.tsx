import type { ReactNode } from 'react';
import styles from './page-header.module.css';

type PageHeaderProps = { title: string; children?: ReactNode };

/** The heading every page starts with; `children` holds a short line under it. */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.subtitle}>{children}</div>}
    </header>
  );
}
