import type { AdminOperator, OperatorInfo } from '@app/shared';

/** What the signed-in operator may do to one row of the operators list. */
export type OperatorRowActions = { toggle: boolean; resetTotp: boolean };

/**
 * The actions shown on an operator's row, as the server allows them: only with
 * `operators.manage` and never on your own row. The second factor is reset also before the first
 * enrolment: that issues a new enrolment code when the first one was lost or expired.
 */
export function operatorRowActions(
  operator: Pick<AdminOperator, 'id'>,
  me: Pick<OperatorInfo, 'id' | 'permissions'>,
): OperatorRowActions {
  const manage = me.permissions.includes('operators.manage') && operator.id !== me.id;
  return { toggle: manage, resetTotp: manage };
}
