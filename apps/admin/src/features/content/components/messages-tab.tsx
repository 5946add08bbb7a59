import {
  AdminMessageInput,
  MESSAGE_SEGMENTS,
  MESSAGE_TARGETS,
  type AdminMessage,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedTable } from '@/components/paged-table';
import { useDisplayTime, useMerchantZone } from '@/lib/merchant-zone';
import { getMessagesQueryOptions, sendMessage, withdrawMessage } from '../api/content';
import { NewButton, RowActions } from './content-tab';
import { isoOfLocalInput } from './content-forms';
import { EditDialog, HtmlPreview, SelectField, str, TextField } from './edit-dialog';

/** Inbox messages: composed and sent, never edited; one not yet withdrawn can be withdrawn. */
export function MessagesTab() {
  const displayTime = useDisplayTime();
  const zone = useMerchantZone();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const [withdrawing, setWithdrawing] = useState<AdminMessage | null>(null);
  const query = useQuery(getMessagesQueryOptions(page));
  return (
    <>
      <NewButton
        name="message"
        label={t('content.newMessage')}
        onClick={() => setComposing(true)}
      />
      <PagedTable
        query={query}
        onPage={setPage}
        testId="messages"
        columns={[
          { label: t('common.id') },
          { label: t('content.target') },
          { label: t('content.titleLabel') },
          { label: t('content.sendAt') },
          { label: t('content.readCount'), number: true },
          { label: t('common.actions') },
        ]}
        row={(m) => (
          <tr key={m.id} data-testid={`message-${m.id}`}>
            <td>{m.id}</td>
            <td>
              {t(`content.targets.${m.target}`)}{' '}
              {m.username ?? (m.segment ? t(`content.segments.${m.segment}`) : '')}
            </td>
            <td>
              {m.titleEn} / {m.titleTl}
            </td>
            <td>
              {m.withdrawn ? `${t('content.withdrawn')} ` : ''}
              {displayTime(m.sendAt)}
            </td>
            <td className="number">{m.readCount}</td>
            {m.withdrawn ? (
              <td />
            ) : (
              <RowActions
                name="message"
                id={m.id}
                onDelete={() => setWithdrawing(m)}
                deleteLabel={t('content.withdraw')}
              />
            )}
          </tr>
        )}
      />
      {composing && (
        <EditDialog
          title={t('content.newMessage')}
          testId="message-form"
          initial={{
            target: 'member',
            username: '',
            segment: 'MEMBERS',
            titleEn: '',
            titleTl: '',
            contentEn: '',
            contentTl: '',
            sendAt: '',
            expiresAt: '',
          }}
          onClose={() => setComposing(false)}
          request={(d) => ({
            target: str(d, 'target') as AdminMessage['target'],
            username: str(d, 'target') === 'member' ? str(d, 'username') : undefined,
            segment:
              str(d, 'target') === 'segment'
                ? (str(d, 'segment') as 'MEMBERS' | 'AGENTS')
                : undefined,
            titleEn: str(d, 'titleEn'),
            titleTl: str(d, 'titleTl'),
            contentEn: str(d, 'contentEn'),
            contentTl: str(d, 'contentTl'),
            sendAt: isoOfLocalInput(str(d, 'sendAt'), zone),
            expiresAt: isoOfLocalInput(str(d, 'expiresAt'), zone),
          })}
          schema={AdminMessageInput}
          submit={sendMessage}
          fields={(p) => (
            <>
              <SelectField
                {...p}
                name="target"
                label={t('content.target')}
                options={MESSAGE_TARGETS.map((value) => ({
                  value,
                  label: t(`content.targets.${value}`),
                }))}
              />
              {p.draft.target === 'member' && (
                <TextField {...p} name="username" label={t('login.username')} />
              )}
              {p.draft.target === 'segment' && (
                <SelectField
                  {...p}
                  name="segment"
                  label={t('content.segment')}
                  options={MESSAGE_SEGMENTS.map((value) => ({
                    value,
                    label: t(`content.segments.${value}`),
                  }))}
                />
              )}
              <TextField {...p} name="titleEn" label={t('content.titleEn')} />
              <TextField {...p} name="titleTl" label={t('content.titleTl')} />
              <TextField {...p} multiline name="contentEn" label={t('content.contentEn')} />
              <HtmlPreview html={str(p.draft, 'contentEn')} testId={`${p.testId}-en`} />
              <TextField {...p} multiline name="contentTl" label={t('content.contentTl')} />
              <HtmlPreview html={str(p.draft, 'contentTl')} testId={`${p.testId}-tl`} />
              <TextField {...p} type="datetime-local" name="sendAt" label={t('content.sendAt')} />
              <TextField
                {...p}
                type="datetime-local"
                name="expiresAt"
                label={t('content.endsAt')}
              />
            </>
          )}
        />
      )}
      {withdrawing && (
        <ConfirmDialog
          title={t('content.withdraw')}
          text={t('content.withdrawText', { title: withdrawing.titleEn })}
          confirmLabel={t('content.withdraw')}
          onConfirm={() => withdrawMessage(withdrawing.id)}
          onClose={() => setWithdrawing(null)}
          testId="message-withdraw"
        />
      )}
    </>
  );
}
