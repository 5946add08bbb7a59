import { ADMIN_MEMBER_TYPES, SignedAmountInput, type AdminMemberProfile } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { ReasonDialog } from '@/components/reason-dialog';
import { ApiError } from '@app/client';
import { useCan } from '@/lib/use-operator';
import {
  createAdjustment,
  findAgentId,
  lockMember,
  moveMember,
  resetPassword,
  setMemberType,
} from '../api/members';
import { memberTypeLabel } from '../member-type';

type Action = 'lock' | 'reset' | 'type' | 'move' | 'adjust';

/** What an operator may do to a member: each button only for roles the server would allow. */
export function MemberActions({ member }: { member: AdminMemberProfile }) {
  const { t } = useTranslation();
  const canWrite = useCan('members.write');
  const canAdjust = useCan('members.adjust');
  const [action, setAction] = useState<Action | null>(null);
  const [type, setType] = useState(member.type);
  const [agent, setAgent] = useState('');
  const [amount, setAmount] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [outcome, setOutcome] = useState<string | null>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const close = () => setAction(null);
  const locked = member.status === 'locked';

  function open(next: Action) {
    setOutcome(null);
    setAction(next);
  }

  async function adjust(reason: string) {
    const adjustment = await createAdjustment(member.id, {
      amount: amount.trim(),
      reason,
      requestId,
    });
    // A new form, a new request id: the next adjustment is not a replay of this one.
    setRequestId(crypto.randomUUID());
    setAmount('');
    setOutcome(t(`members.adjustResult.${adjustment.status}`, { id: adjustment.id }));
  }

  async function move(reason: string) {
    const name = agent.trim();
    const agentId = name ? await findAgentId(name) : null;
    if (name && agentId === null) throw new ApiError('INVALID_AGENT_MOVE', name, 409);
    await moveMember(member.id, { agentId, reason });
    setAgent('');
  }

  if (!canWrite && !canAdjust) return null;
  return (
    <div className="toolbar" data-testid="member-actions">
      {canWrite && (
        <>
          <button
            type="button"
            className="button"
            onClick={() => open('lock')}
            data-testid="member-lock"
          >
            {locked ? t('members.unlock') : t('members.lock')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => open('reset')}
            data-testid="member-reset"
          >
            {t('members.resetPassword')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => open('type')}
            data-testid="member-type"
          >
            {t('members.setType')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => open('move')}
            data-testid="member-move"
          >
            {t('members.move')}
          </button>
        </>
      )}
      {canAdjust && (
        <button
          type="button"
          className="button"
          onClick={() => open('adjust')}
          data-testid="member-adjust"
        >
          {t('members.adjust')}
        </button>
      )}
      {outcome && (
        <span className="notice" role="status" data-testid="member-action-outcome">
          {outcome}
        </span>
      )}

      {action === 'lock' && (
        <ReasonDialog
          title={locked ? t('members.unlock') : t('members.lock')}
          confirmLabel={locked ? t('members.unlock') : t('members.lock')}
          onConfirm={(reason) => lockMember(member.id, !locked, reason)}
          onClose={close}
          testId="member-lock-dialog"
        />
      )}
      {action === 'reset' && (
        <ReasonDialog
          title={t('members.resetPassword')}
          confirmLabel={t('members.resetPassword')}
          onConfirm={async (reason) =>
            setTemporaryPassword((await resetPassword(member.id, reason)).temporaryPassword)
          }
          onClose={close}
          testId="member-reset-dialog"
        >
          <p className="muted">{t('members.resetHelp')}</p>
        </ReasonDialog>
      )}
      {action === 'type' && (
        <ReasonDialog
          title={t('members.setType')}
          confirmLabel={t('common.save')}
          onConfirm={(reason) => setMemberType(member.id, { type, reason })}
          onClose={close}
          testId="member-type-dialog"
        >
          <label className="field">
            <span>{t('members.type')}</span>
            <select
              value={type}
              onChange={(event) => setType(Number(event.target.value))}
              data-testid="member-type-select"
            >
              {ADMIN_MEMBER_TYPES.map((option) => (
                <option key={option} value={option}>
                  {memberTypeLabel(t, option)}
                </option>
              ))}
            </select>
          </label>
        </ReasonDialog>
      )}
      {action === 'move' && (
        <ReasonDialog
          title={t('members.move')}
          confirmLabel={t('members.move')}
          onConfirm={move}
          onClose={close}
          testId="member-move-dialog"
        >
          <label className="field">
            <span>{t('members.newAgent')}</span>
            <input
              value={agent}
              onChange={(event) => setAgent(event.target.value)}
              placeholder={t('members.newAgentHint')}
              data-testid="member-move-agent"
            />
          </label>
        </ReasonDialog>
      )}
      {action === 'adjust' && (
        <ReasonDialog
          title={t('members.adjust')}
          confirmLabel={t('members.adjust')}
          onConfirm={adjust}
          onClose={close}
          validate={() =>
            SignedAmountInput.safeParse(amount).success ? null : t('issues.invalid_amount_signed')
          }
          testId="member-adjust-dialog"
        >
          <label className="field">
            <span>{t('members.adjustAmount')}</span>
            <input
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              inputMode="decimal"
              data-testid="member-adjust-amount"
            />
          </label>
          <p className="muted">{t('members.adjustHelp')}</p>
        </ReasonDialog>
      )}
      {temporaryPassword && (
        <Dialog
          title={t('members.temporaryPassword')}
          onClose={() => setTemporaryPassword(null)}
          testId="member-temporary-password"
          actions={
            <button type="button" className="button" onClick={() => setTemporaryPassword(null)}>
              {t('common.close')}
            </button>
          }
        >
          <p className="muted">{t('members.temporaryPasswordHelp')}</p>
          <code data-testid="member-temporary-password-value">{temporaryPassword}</code>
        </Dialog>
      )}
    </div>
  );
}
