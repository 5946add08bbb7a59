import type { Db } from '../../src/db/client.js';
import { kycProfiles } from '../../src/db/schema/index.js';
import { MERCHANT_ID } from './ledger.js';

/**
 * The member's KYC personal information as step 1 of the KYC modal saves it (status N, nothing
 * uploaded yet): what a withdrawal needs before a payout account is bound.
 */
export async function saveKycInfo(
  db: Db,
  memberId: number,
  person: { payeeName: string; birthday: string } = {
    payeeName: 'Juan Dela Cruz',
    birthday: '1990-05-17',
  },
): Promise<void> {
  await db.insert(kycProfiles).values({
    memberId,
    merchantId: MERCHANT_ID,
    status: 'N',
    idType: 1,
    ...person,
    address: '12 Rizal Street',
    permanentAddress: '12 Rizal Street',
    placeOfBirth: 'Cebu City',
    nationality: 'Filipino',
    sourceOfIncome: 1,
    occupation: 1,
  });
}

/** A complete request of step 1 of the KYC modal (`/wps/member/kyc/info`). */
export const KYC_INFO_REQUEST = {
  idType: 17,
  payeename: 'Andres Bonifacio',
  birthday: '1990-11-30',
  address: '12 Rizal Street, Tondo, Manila',
  permanentAddress: '12 Rizal Street, Tondo, Manila',
  placeOfBirth: 'Manila',
  nationality: 'Philippines',
  sourceOfIncome: 1,
  occupation: 6,
  employerName: 'Katipunan Trading',
};
