import { ROLE_PERMISSIONS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { operatorRowActions } from './operator-actions';

const owner = { id: 1, permissions: [...ROLE_PERMISSIONS.owner] };

describe('actions on a row of the operators list', () => {
  it("lets an owner reset another operator's second factor once it is set up", () => {
    expect(operatorRowActions({ id: 2, totpEnrolled: true }, owner)).toEqual({
      toggle: true,
      resetTotp: true,
    });
    // Nothing to reset before the first enrolment (the server answers TOTP_NOT_ENROLLED).
    expect(operatorRowActions({ id: 2, totpEnrolled: false }, owner)).toEqual({
      toggle: true,
      resetTotp: false,
    });
  });

  it('shows nothing on your own row', () => {
    expect(operatorRowActions({ id: 1, totpEnrolled: true }, owner)).toEqual({
      toggle: false,
      resetTotp: false,
    });
  });

  it('shows nothing to a role without operators.manage', () => {
    for (const role of [
      'finance',
      'risk_kyc',
      'customer_service',
      'marketing',
      'read_only',
    ] as const) {
      const me = { id: 1, permissions: [...ROLE_PERMISSIONS[role]] };
      expect(operatorRowActions({ id: 2, totpEnrolled: true }, me), role).toEqual({
        toggle: false,
        resetTotp: false,
      });
    }
  });
});
