import type { AdminOperator, OperatorInfo } from '@app/shared';

/** What the signed-in operator may do to one row of the operators list. */
export type OperatorRowActions = { toggle: boolean; resetTotp: boolean };

/**
 * The actions shown on an operator's row, as the server allows them: only with
 * `operators.manage`, never on your own row, and a second factor is reset only when one is set up.
 */
export function operatorRowActions(
  operator: Pick<AdminOperator, 'id' | 'totpEnrolled'>,
  me: Pick<OperatorInfo, 'id' | 'permissions'>,
): OperatorRowActions {
  const manage = me.permissions.includes('operators.manage') && operator.id !== me.id;
  return { toggle: manage, resetTotp: manage && operator.totpEnrolled };
}
