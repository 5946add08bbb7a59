import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateOperatorRequest,
  OPERATOR_ROLES,
  type CreatedOperator,
  type OperatorEnrolmentIssued,
  type OperatorRole,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { ListPage } from '@/components/list-page';
import { RowButton } from '@/components/row-button';
import { QueryContent } from '@/components/query-content';
import { fieldIssues } from '@app/client';
import { errorText, issueText } from '@/lib/error-text';
import { useDisplayTime } from '@/lib/merchant-zone';
import { useOperator } from '@/lib/use-operator';
import {
  getOperatorsQueryOptions,
  useCreateOperator,
  resetOperatorTotp,
  setOperatorEnabled,
} from '../api/operators';
import { operatorRowActions } from '../operator-actions';
import { ErrorMessage } from '@/components/feedback';
import { SubmitButton } from '@/components/submit-button';

/** A secret shown once (password, enrolment code) with a button that copies it. */
function OnceShown({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <p>
      {label}: <code data-testid={testId}>{value}</code>{' '}
      <button
        type="button"
        className="button"
        onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true))}
        data-testid={`${testId}-copy`}
      >
        {copied ? t('operators.copied') : t('operators.copy')}
      </button>
    </p>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: CreatedOperator) => void }) {
  const { t } = useTranslation();
  // The schema's messages are issue codes (`invalid_username`), read as the server's would be.
  const form = useForm({
    resolver: zodResolver(CreateOperatorRequest),
    defaultValues: { username: '', role: 'customer_service' as OperatorRole },
  });
  const create = useCreateOperator();
  const [refusal, setRefusal] = useState<string | null>(null);
  const problem = form.formState.errors.username?.message;
  const message = problem ? issueText(t, problem) : refusal;

  const submit = form.handleSubmit((request) => {
    setRefusal(null);
    create.mutate(request, {
      onSuccess: (created) => {
        onCreated(created);
        form.reset({ username: '', role: request.role });
      },
      onError: (error) =>
        setRefusal(issueText(t, fieldIssues(error).username) ?? errorText(t, error)),
    });
  });

  return (
    <form
      className="filters"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="operator-create"
    >
      <label className="field">
        <span>{t('login.username')}</span>
        <input {...form.register('username')} data-testid="operator-create-username" />
      </label>
      <label className="field">
        <span>{t('operators.role')}</span>
        <select {...form.register('role')} data-testid="operator-create-role">
          {OPERATOR_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`roles.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <SubmitButton busy={create.isPending} testId="operator-create-submit">
        {t('operators.create')}
      </SubmitButton>
      <ErrorMessage text={message} testId="operator-create-message" />
    </form>
  );
}

/**
 * The merchant's operators: create one (password and enrolment code shown once), disable or
 * enable, reset the second factor of one who lost its authenticator (a new enrolment code, shown
 * once).
 */
export function OperatorsRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const me = useOperator();
  const query = useQuery(getOperatorsQueryOptions());
  const [created, setCreated] = useState<CreatedOperator | null>(null);
  const [toggle, setToggle] = useState<{ id: number; username: string; enable: boolean } | null>(
    null,
  );
  const [resetTotp, setResetTotp] = useState<{ id: number; username: string } | null>(null);
  const [issued, setIssued] = useState<OperatorEnrolmentIssued | null>(null);

  return (
    <ListPage title="operators" testId="operators-page">
      <CreateForm onCreated={setCreated} />
      <QueryContent query={query}>
        {(operators) => (
          <DataTable
            columns={[
              { label: t('login.username') },
              { label: t('operators.role') },
              { label: t('common.status') },
              { label: t('operators.totp') },
              { label: t('operators.lastLogin') },
              { label: t('common.actions') },
            ]}
            items={operators}
            row={(operator) => {
              const actions = operatorRowActions(operator, me);
              return (
                <tr key={operator.id} data-testid={`operator-row-${operator.username}`}>
                  <td>{operator.username}</td>
                  <td>{t(`roles.${operator.role}`)}</td>
                  <td>{t(`operators.status.${operator.status}`)}</td>
                  <td>{operator.totpEnrolled ? t('common.yes') : t('common.no')}</td>
                  <td>{displayTime(operator.lastLoginAt)}</td>
                  <td className="actions">
                    {actions.toggle && (
                      <RowButton
                        onClick={() =>
                          setToggle({
                            id: operator.id,
                            username: operator.username,
                            enable: operator.status === 'disabled',
                          })
                        }
                        testId={`operator-toggle-${operator.username}`}
                      >
                        {operator.status === 'disabled'
                          ? t('operators.enable')
                          : t('operators.disable')}
                      </RowButton>
                    )}
                    {actions.resetTotp && (
                      <RowButton
                        onClick={() =>
                          setResetTotp({ id: operator.id, username: operator.username })
                        }
                        testId={`operator-reset-totp-${operator.username}`}
                      >
                        {operator.totpEnrolled
                          ? t('operators.resetTotp')
                          : t('operators.newEnrolmentCode')}
                      </RowButton>
                    )}
                  </td>
                </tr>
              );
            }}
          />
        )}
      </QueryContent>
      {created && (
        <Dialog
          title={t('operators.createdTitle', { username: created.operator.username })}
          onClose={() => setCreated(null)}
          testId="operator-created"
          actions={
            <button type="button" className="button" onClick={() => setCreated(null)}>
              {t('common.close')}
            </button>
          }
        >
          <p className="muted">{t('operators.createdHelp')}</p>
          <OnceShown
            label={t('operators.password')}
            value={created.password}
            testId="operator-created-password"
          />
          <OnceShown
            label={t('operators.enrolmentCode')}
            value={created.enrolmentCode}
            testId="operator-created-enrolment-code"
          />
        </Dialog>
      )}
      {toggle && (
        <ConfirmDialog
          title={toggle.enable ? t('operators.enable') : t('operators.disable')}
          text={t(toggle.enable ? 'operators.enableText' : 'operators.disableText', {
            username: toggle.username,
          })}
          confirmLabel={toggle.enable ? t('operators.enable') : t('operators.disable')}
          onConfirm={() => setOperatorEnabled(toggle.id, toggle.enable)}
          onClose={() => setToggle(null)}
          testId="operator-toggle"
        />
      )}
      {resetTotp && (
        <ConfirmDialog
          title={t('operators.resetTotp')}
          text={t('operators.resetTotpText', { username: resetTotp.username })}
          confirmLabel={t('operators.resetTotp')}
          onConfirm={async () => setIssued(await resetOperatorTotp(resetTotp.id))}
          onClose={() => setResetTotp(null)}
          testId="operator-reset-totp"
        />
      )}
      {issued && (
        <Dialog
          title={t('operators.resetTotpDone', { username: issued.operator.username })}
          onClose={() => setIssued(null)}
          testId="operator-enrolment-issued"
          actions={
            <button type="button" className="button" onClick={() => setIssued(null)}>
              {t('common.close')}
            </button>
          }
        >
          <p className="muted">
            {t('operators.resetTotpHelp', { username: issued.operator.username })}
          </p>
          <OnceShown
            label={t('operators.enrolmentCode')}
            value={issued.enrolmentCode}
            testId="operator-issued-enrolment-code"
          />
        </Dialog>
      )}
    </ListPage>
  );
}

export default OperatorsRoute;
