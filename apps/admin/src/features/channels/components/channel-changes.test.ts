import type { AdminDepositChannel } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { channelChanges, channelResolver, draftOf } from './channel-changes';

const manual: AdminDepositChannel = {
  id: 1,
  code: 'GCASH_MANUAL',
  kind: 'manual',
  method: 'gcash',
  names: { EN: 'GCash', TL: 'GCash' },
  payee: { name: 'Pay Co', account: '0917', bank: null },
  minAmount: '100.00',
  maxAmount: '50000.00',
  enabled: true,
  sequence: 1,
  gatewayCode: null,
  fee: { rateBp: 0, fixed: '0.00', min: '0.00', max: null, bearer: 'member' },
};

describe('channelChanges', () => {
  it('is empty when nothing changed', () => {
    expect(channelChanges(manual, draftOf(manual))).toEqual({});
  });

  it('sends only the changed fields', () => {
    const draft = { ...draftOf(manual), minAmount: ' 200 ', enabled: false, sequence: '4' };
    expect(channelChanges(manual, draft)).toEqual({
      minAmount: '200',
      enabled: false,
      sequence: 4,
    });
  });

  it('sends both names and the whole payee when one part changed', () => {
    const draft = { ...draftOf(manual), nameTL: 'GCash (TL)', payeeBank: ' ' };
    expect(channelChanges(manual, draft)).toEqual({ names: { EN: 'GCash', TL: 'GCash (TL)' } });
    const payee = { ...draftOf(manual), payeeAccount: '0918' };
    expect(channelChanges(manual, payee)).toEqual({
      payee: { name: 'Pay Co', account: '0918', bank: null },
    });
  });

  it('never sends payee details for an online channel', () => {
    const online = { ...manual, kind: 'online' as const, gatewayCode: 'sandbox' };
    expect(channelChanges(online, { ...draftOf(online), payeeName: 'X' })).toEqual({});
  });

  it('passes a sequence that is not a whole number on for the server to name', () => {
    expect(channelChanges(manual, { ...draftOf(manual), sequence: '2.5' })).toEqual({
      sequence: '2.5',
    });
  });

  it('sends the whole fee rule when one part changed, the rate in basis points', () => {
    const draft = { ...draftOf(manual), feeRate: '1.5', feeMax: ' 200 ' };
    expect(channelChanges(manual, draft)).toEqual({
      fee: { rateBp: 150, fixed: '0.00', min: '0.00', max: '200', bearer: 'member' },
    });
    const bearer = { ...draftOf(manual), feeBearer: 'merchant' as const };
    expect(channelChanges(manual, bearer).fee).toMatchObject({ rateBp: 0, bearer: 'merchant' });
    const typo = { ...draftOf(manual), feeRate: '1.5%' };
    expect(channelChanges(manual, typo).fee).toMatchObject({ rateBp: '1.5%' });
  });
});

describe('channelResolver', () => {
  const check = (draft: ReturnType<typeof draftOf>) =>
    channelResolver(manual)(draft, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('lets an unchanged draft through, for the form to say nothing changed', async () => {
    expect((await check(draftOf(manual))).errors).toEqual({});
  });

  it('puts the schema issue of a request part on the field it is typed in', async () => {
    const draft = { ...draftOf(manual), feeRate: '60', feeMin: '5', feeMax: '1' };
    const { errors } = await check(draft);
    expect(errors.feeRate?.message).toBe('fee_rate');
    expect(errors.feeMax?.message).toBe('max_below_min');
  });
});
