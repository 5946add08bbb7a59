import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { memberQueryKey } from './auth';

/**
 * GET /wps/v2/member/securityConfig: whether identity verification is required, done and
 * decided. Read by the KYC prompt, the KYC modal and the security centre; a KYC step refreshes it.
 */
export function getSecurityConfigQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...memberQueryKey(token), 'security-config'],
    queryFn: ({ signal }) => apiGet('/wps/v2/member/securityConfig', 'SecurityConfig', { signal }),
  });
}
