import type { Whitelabel } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { getSecurityConfigQueryOptions } from '@/lib/security-config';
import { useSessionFlag } from '@/lib/session-flags';
import { useSession } from '@/lib/session';

/**
 * Whether the KYC modal opens by itself (SPEC section 4): mandatory KYC on (MANDATORYKYC3), a
 * logged-in account whose ID verification is enabled, incomplete and waiting (status N), with no
 * images sent and not put off in this session. Trial accounts are left out: the server keeps
 * identity verification to real accounts.
 */
export function useKycPrompt(whitelabel: Whitelabel): boolean {
  const session = useSession();
  const token = session?.token;
  const putOff = useSessionFlag('verifyLater', token);
  const uploaded = useSessionFlag('securityAlreadyUpLoad', token);
  const asks =
    whitelabel.MANDATORYKYC3 &&
    session !== null &&
    !session.passwordChangeRequired &&
    !session.isTrial &&
    !putOff &&
    !uploaded;
  const config = useQuery({ ...getSecurityConfigQueryOptions(token ?? ''), enabled: asks });
  const kyc = config.data?.info.idVerification;
  return (
    asks &&
    kyc !== undefined &&
    kyc.enabled &&
    !kyc.isComplete &&
    kyc.status === 'N' &&
    !kyc.uploaded
  );
}
