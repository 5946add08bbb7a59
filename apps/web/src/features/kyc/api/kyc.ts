import type { KycPersonalInfo, UploadIdImageRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { readDataUrl } from '@/lib/image-file';
import { queryClient } from '@/lib/query-client';
import { getSecurityConfigQueryOptions } from '@/lib/security-config';

/** The request of step 1 as the form sends it (the employer may be left out). */
export type KycPersonalInfoRequest = Omit<KycPersonalInfo, 'employerName'> & {
  employerName?: string;
};

function refreshSecurityConfig(token: string): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: getSecurityConfigQueryOptions(token).queryKey,
  });
}

/**
 * POST /wps/member/kyc/info (KYC step 1). An under-21 birthday is saved too; the answer says so
 * with `ageWarning`.
 */
export async function saveKycInfo(token: string, info: KycPersonalInfoRequest) {
  const saved = await apiSend('POST', '/wps/member/kyc/info', 'KycSaved', { body: info });
  await refreshSecurityConfig(token);
  return saved;
}

/** Saves step 1 of `token`'s member; the answer carries the under-21 warning. */
export function useSaveKycInfo(token: string) {
  return useMutation({ mutationFn: (info: KycPersonalInfoRequest) => saveKycInfo(token, info) });
}

/** POST /wps/relay/identity/uploadIdImage (KYC step 2): the three images as data URLs. */
export async function uploadIdImages(
  token: string,
  data: Required<UploadIdImageRequest['data']>,
): Promise<void> {
  const request: UploadIdImageRequest = { data, moduleId: 'UPLOADID3' };
  await apiSend('POST', '/wps/relay/identity/uploadIdImage', null, { body: request });
  await refreshSecurityConfig(token);
}

/** The three picked images of `token`'s member, read as data URLs and sent together. */
export function useUploadIdImages(token: string) {
  return useMutation({
    mutationFn: async (files: { front: File; back: File; selfie: File }) => {
      const [idCardFront, idCardBack, idCardSelfie] = await Promise.all(
        [files.front, files.back, files.selfie].map(readDataUrl),
      );
      await uploadIdImages(token, {
        idCardFront: idCardFront!,
        idCardBack: idCardBack!,
        idCardSelfie: idCardSelfie!,
      });
    },
  });
}
