import type { OperatorInfo, OperatorPermission } from '@app/shared';
import { useOutletContext } from 'react-router';

/** The signed-in operator, as the shell loaded it (pages render only inside the shell). */
export function useOperator(): OperatorInfo {
  return useOutletContext<OperatorInfo>();
}

/** Whether the signed-in operator's role grants `permission` (buttons follow the server's rule). */
export function useCan(permission: OperatorPermission): boolean {
  return useOperator().permissions.includes(permission);
}
