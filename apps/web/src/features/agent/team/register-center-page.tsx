import { CreateDownlineRequest, type DownlineType } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type FormNote,
  FormNoteMessage,
  Tabs,
  TextField,
  SubmitButton,
  UsernameField,
} from '@/components/form/fields';
import { problemKey, problemsOf } from '@/components/form/validation';
import { bindField, submitAfresh, translatedText, useZodForm } from '@/components/form/zod-form';
import { QueryContent } from '@/components/query-content';
import { ApiError } from '@app/client';
import { askConfirm, showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { formatTime } from '@/lib/format-time';
import shared from '@/components/money-page.module.css';
import {
  affiliateUrl,
  createAffiliateLink,
  deleteAffiliateLink,
  getAffiliateLinksQueryOptions,
  useCreateDownline,
} from './api/team';
import styles from './team.module.css';
import { Button } from '@/components/button';

/** The request as typed: the nickname may be left empty, and is then left out. */
const CreateDownlineFields = CreateDownlineRequest.extend({
  nickname: z.string().trim().max(40),
}).transform(({ nickname, ...request }) => ({ ...request, ...(nickname ? { nickname } : {}) }));

const EMPTY = { username: '', password: '', nickname: '' };
const FIELDS = ['username', 'password', 'nickname'] as const;

/** A new member or sub-agent account directly under the agent. */
function CreateDownlineForm() {
  const { t } = useTranslation();
  // Field problems read as the account texts' validation messages.
  const { t: tAccount } = useTranslation('account');
  const form = useZodForm(
    CreateDownlineFields,
    { ...EMPTY, type: 'member' },
    // A password is sent as typed: only an empty one is refused here.
    { required: ['username'], messages: { password: 'validation.required' } },
  );
  const create = useCreateDownline();
  const [message, setMessage] = useState<FormNote>(null);

  const submit = form.handleSubmit((request) => {
    create.mutate(request, {
      onSuccess: (created) => {
        form.reset({ ...EMPTY, type: request.type });
        setMessage({
          kind: 'info',
          text: t('agentTeam.create.created', { username: created.account }),
        });
      },
      onError: (error) => {
        const problems = problemsOf(error);
        let onField = false;
        for (const field of FIELDS) {
          const problem = problems[field];
          if (problem) {
            form.setError(field, { message: problemKey(problem) });
            onField = true;
          }
        }
        if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
          form.setError('username', { message: translatedText(errorText(t, error)) });
          onField = true;
        }
        if (!onField) setMessage({ kind: 'error', text: errorText(t, error) });
      },
    });
  });

  return (
    <form
      className={styles.form}
      onSubmit={submitAfresh(() => setMessage(null), submit)}
      noValidate
      data-testid="downline-create-form"
    >
      <Tabs<DownlineType>
        label={t('agentTeam.create.type')}
        tabs={[
          { value: 'member', label: t('agentTeam.types.member') },
          { value: 'agent', label: t('agentTeam.types.agent') },
        ]}
        value={form.watch('type')}
        onChange={(type) => form.setValue('type', type)}
        testId="downline-create-type"
      />
      <UsernameField
        account="other"
        label={t('agentTeam.create.username')}
        {...bindField(form, tAccount, 'username')}
        required
        testId="downline-create-username"
      />
      <TextField
        label={t('agentTeam.create.password')}
        type="password"
        {...bindField(form, tAccount, 'password')}
        required
        autoComplete="new-password"
        maxLength={128}
        testId="downline-create-password"
      />
      <TextField
        label={t('agentTeam.create.nickname')}
        {...bindField(form, tAccount, 'nickname')}
        maxLength={40}
        testId="downline-create-nickname"
      />
      <FormNoteMessage note={message} testId="downline-create-message" />
      <SubmitButton pending={create.isPending} testId="downline-create-submit">
        {t('agentTeam.create.submit')}
      </SubmitButton>
    </form>
  );
}

/** The agent's affiliate links: copy, create and delete. */
function AffiliateLinks() {
  const { t } = useTranslation();
  const links = useQuery(getAffiliateLinksQueryOptions());
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      await showAlert(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      await showAlert(t('agentTeam.links.copied'));
    } catch {
      // No clipboard (insecure page, refused): the link is on screen to copy by hand.
    }
  }

  return (
    <>
      <p className={shared.muted}>{t('agentTeam.links.intro')}</p>
      <QueryContent query={links}>
        {(list) =>
          list.length === 0 ? (
            <p className={shared.muted} data-testid="affiliate-links-none">
              {t('agentTeam.links.none')}
            </p>
          ) : (
            <ul className={styles.list} data-testid="affiliate-links">
              {list.map((link) => {
                const url = affiliateUrl(link.code, window.location.origin);
                return (
                  <li
                    key={link.code}
                    className={styles.item}
                    data-testid={`affiliate-${link.code}`}
                  >
                    <div className={styles.head}>
                      <p className={styles.name}>{link.code}</p>
                      <span className={shared.muted}>
                        {t('agentTeam.links.registrations', { count: link.registrations })}
                      </span>
                    </div>
                    <p className={styles.link}>{url}</p>
                    <p className={shared.muted}>
                      {t('agentTeam.links.created', { time: formatTime(link.createdAt) })}
                    </p>
                    <div className={styles.actions}>
                      <Button onClick={() => void copy(url)}>{t('agentTeam.links.copy')}</Button>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        onClick={() =>
                          void run(async () => {
                            const sure = await askConfirm(
                              t('agentTeam.links.confirmDelete', { code: link.code }),
                            );
                            if (sure) await deleteAffiliateLink(link.code);
                          })
                        }
                        testId={`affiliate-${link.code}-delete`}
                      >
                        {t('agentTeam.links.delete')}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryContent>
      <Button
        variant="primary"
        disabled={busy}
        onClick={() => void run(createAffiliateLink)}
        testId="affiliate-link-create"
      >
        {t('agentTeam.links.create')}
      </Button>
    </>
  );
}

/** `/agentHome/registerCenter`: new downline accounts and the agent's affiliate links. */
export default function RegisterCenterPage() {
  const { t } = useTranslation();
  return (
    <div className={shared.page} data-testid="register-center-page">
      <h2 className={shared.title}>{t('agentTeam.registerTitle')}</h2>
      <div className={styles.layout}>
        <section className={shared.card} aria-labelledby="downline-create-title">
          <h3 id="downline-create-title" className={shared.cardTitle}>
            {t('agentTeam.create.title')}
          </h3>
          <CreateDownlineForm />
        </section>
        <section className={shared.card} aria-labelledby="affiliate-links-title">
          <h3 id="affiliate-links-title" className={shared.cardTitle}>
            {t('agentTeam.links.title')}
          </h3>
          <AffiliateLinks />
        </section>
      </div>
    </div>
  );
}
