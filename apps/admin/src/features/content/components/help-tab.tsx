import { AdminHelpInput, type AdminHelpSection } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { getHelpQueryOptions, saveHelp } from '../api/content';
import { ContentTab } from './content-tab';
import { HtmlPreview, LanguageField, str, TextField, type Draft } from './edit-dialog';

const initial = (h: AdminHelpSection | null): Draft => ({
  key: h?.key ?? '',
  language: h?.language ?? 'EN',
  title: h?.title ?? '',
  content: h?.content ?? '',
  sequence: String(h?.sequence ?? 0),
});

export function HelpTab() {
  const { t } = useTranslation();
  return (
    <ContentTab
      name="help"
      tableTestId="help"
      list={getHelpQueryOptions}
      columns={[
        { label: t('content.key') },
        { label: t('content.language') },
        { label: t('content.titleLabel') },
        { label: t('content.sequence') },
      ]}
      cells={(h) => (
        <>
          <td>{h.key}</td>
          <td>{h.language}</td>
          <td>{h.title}</td>
          <td>{h.sequence}</td>
        </>
      )}
      newLabel={t('content.newHelp')}
      formTestId="help-form"
      initial={initial}
      request={(d) => ({
        key: str(d, 'key'),
        language: str(d, 'language') as AdminHelpSection['language'],
        title: str(d, 'title'),
        content: str(d, 'content'),
        sequence: Number(str(d, 'sequence')) || 0,
      })}
      schema={AdminHelpInput}
      save={saveHelp}
      fields={(p) => (
        <>
          <TextField {...p} name="key" label={t('content.key')} />
          <LanguageField {...p} />
          <TextField {...p} name="title" label={t('content.titleLabel')} />
          <TextField {...p} multiline name="content" label={t('content.html')} />
          <HtmlPreview html={str(p.draft, 'content')} testId={p.testId} />
          <TextField {...p} name="sequence" label={t('content.sequence')} />
        </>
      )}
      resource="help-sections"
    />
  );
}
