import type { ReactNode } from 'react';
import styles from './security-centre.module.css';

type SecurityCardProps = { id: string; title: string; children: ReactNode };

/** A card of the security centre: a section named by its heading (`id`). */
export function SecurityCard({ id, title, children }: SecurityCardProps) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h3 id={id} className={styles.cardTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
