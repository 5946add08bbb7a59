import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Pager } from '@/components/money-history';
import { formatTime } from '@/lib/format-time';
import { useContentTranslation } from '../content-texts';
import styles from './content.module.css';

type TitleButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  'data-testid': string;
  'data-read'?: boolean;
};

type TitleListProps<Item extends { id: number; title: string }> = {
  /** Whose texts: `<texts>.list` names the list, `<texts>.page` and the buttons the pager. */
  texts: 'announcements' | 'inbox';
  items: readonly Item[];
  time: (item: Item) => string;
  selected: number | null;
  /** A click on a title selects it; a click on the selected title collapses it (`null`). */
  onSelect: (id: number | null) => void;
  /** What a title's button says of itself (expanded or current, read) and its test id. */
  buttonProps: (item: Item) => TitleButtonProps;
  /** Before a title's text (the unread dot). */
  mark?: (item: Item) => ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testIds: { list?: string; pager: string };
};

/**
 * The left side of the announcements and the inbox: titles with their time, one selected at a
 * time, and a pager under them when there is more than one page.
 */
export function TitleList<Item extends { id: number; title: string }>({
  texts,
  items,
  time,
  selected,
  onSelect,
  buttonProps,
  mark,
  page,
  pages,
  onPage,
  testIds,
}: TitleListProps<Item>) {
  const { t } = useContentTranslation();
  return (
    <div>
      <ul className={styles.titles} aria-label={t(`${texts}.list`)} data-testid={testIds.list}>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={styles.titleButton}
              onClick={() => onSelect(item.id === selected ? null : item.id)}
              {...buttonProps(item)}
            >
              <span className={styles.titleText}>
                {mark?.(item)}
                {item.title}
              </span>
              <span className={styles.time}>{formatTime(time(item))}</span>
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={onPage}
          previous={t(`${texts}.previousPage`)}
          next={t(`${texts}.nextPage`)}
          testId={testIds.pager}
        >
          {t(`${texts}.page`, { page, pages })}
        </Pager>
      )}
    </div>
  );
}
