import '@/lib/page-texts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryContent } from '@/components/query-content';
import { useHelpCenter } from '../api/get-help-center';
import { HelpSections } from '../components/help-sections';

/** `/help` and `/helpmc`: the operator's help articles; `/help#term` opens at the terms. */
export default function HelpRoute() {
  const { t } = useTranslation();
  const helpCenter = useHelpCenter();
  const { hash } = useLocation();
  const loaded = helpCenter.data !== undefined;

  // The articles arrive after the page, so the browser cannot jump to the anchor by itself.
  useEffect(() => {
    if (loaded && hash)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <>
      <PageHeader title={t('help.title')} />
      <QueryContent query={helpCenter}>
        {({ sections }) =>
          sections.length > 0 ? (
            <HelpSections sections={sections} />
          ) : (
            <EmptyState title={t('help.emptyTitle')} description={t('help.emptyText')} />
          )
        }
      </QueryContent>
    </>
  );
}
