import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/icon';
import type { PermissionInfo } from '@app/shared';
import styles from './content.module.css';

type ContactCardProps = {
  /** The heading's id, which names the card. */
  id: string;
  icon: IconName;
  title: string;
  /** A muted line under the heading. */
  text?: string;
  children: ReactNode;
};

/** One card of the contact and support pages: an icon and a heading, a line of text, its actions. */
export function ContactCard({ id, icon, title, text, children }: ContactCardProps) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        <Icon name={icon} />
        {title}
      </h2>
      {text && <p className={styles.muted}>{text}</p>}
      {children}
    </section>
  );
}

/** The merchant's links (social, chat) among `keys` that it has set, in the order of `keys`. */
export function merchantResources<Key extends string>(
  resources: PermissionInfo['resources'],
  keys: readonly Key[],
) {
  return keys.flatMap((key) => {
    const resource = resources[key];
    return resource ? [{ key, ...resource }] : [];
  });
}
