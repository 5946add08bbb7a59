import {
  AdminOperator,
  AdminOperatorList,
  CreatedOperator,
  OperatorEnrolmentIssued,
  type CreateOperatorRequest,
} from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export const operatorKeys = { all: queryRoots.operators };

/** GET /admin/api/operators: the merchant's operators. */
export function getOperatorsQueryOptions() {
  return queryOptions({
    queryKey: operatorKeys.all,
    queryFn: ({ signal }) => adminGet('/operators', AdminOperatorList, { signal }),
  });
}

/**
 * The generated password and one-time enrolment code are answered once; the operator enrols TOTP
 * at its first sign-in with both.
 */
export function createOperator(request: CreateOperatorRequest) {
  return refreshAfter(adminSend('POST', '/operators', CreatedOperator, request), [
    operatorKeys.all,
  ]);
}

export function useCreateOperator() {
  return useMutation({ mutationFn: createOperator });
}

/** Disabling ends the operator's sessions; nobody can disable themself. */
export function setOperatorEnabled(id: number, enabled: boolean) {
  return refreshAfter(
    adminSend('POST', `/operators/${id}/${enabled ? 'enable' : 'disable'}`, AdminOperator),
    [operatorKeys.all],
  );
}

/**
 * Forgets the operator's authenticator and ends its sessions; the new one-time enrolment code
 * (answered once) and the password enrol a new one.
 */
export function resetOperatorTotp(id: number) {
  return refreshAfter(adminSend('POST', `/operators/${id}/reset-totp`, OperatorEnrolmentIssued), [
    operatorKeys.all,
  ]);
}
