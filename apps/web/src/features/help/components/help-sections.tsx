import '@/lib/page-texts';
import type { HelpSection } from '@app/shared';
import { useTranslation } from 'react-i18next';
import styles from './help.module.css';

type HelpSectionsProps = { sections: HelpSection[] };

/** Help articles with a table of contents; each article's anchor is its key (`#term`). */
export function HelpSections({ sections }: HelpSectionsProps) {
  const { t } = useTranslation();
  const ordered = sections.toSorted((a, b) => a.sequence - b.sequence);
  return (
    <div className={styles.layout}>
      <nav className={styles.contents} aria-labelledby="help-contents">
        <h2 id="help-contents" className={styles.contentsTitle}>
          {t('help.contents')}
        </h2>
        <ol className={styles.contentsList}>
          {ordered.map((section) => (
            <li key={section.key}>
              <a href={`#${section.key}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.articles}>
        {ordered.map((section) => (
          <section
            key={section.key}
            id={section.key}
            className={styles.article}
            aria-labelledby={`${section.key}-title`}
            data-testid={`help-section-${section.key}`}
          >
            <h2 id={`${section.key}-title`} className={styles.articleTitle}>
              {section.title}
            </h2>
            {/* The server sanitises operator-written help HTML before sending it. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: section.content }} />
          </section>
        ))}
      </div>
    </div>
  );
}
