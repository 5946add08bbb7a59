import { OPERATOR_ROLES, ROLE_PERMISSIONS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { operatorRowActions } from './operator-actions';

const owner = { id: 1, permissions: [...ROLE_PERMISSIONS.owner] };

describe('actions on a row of the operators list', () => {
  it("lets an owner reset another operator's second factor (a new enrolment code)", () => {
    expect(operatorRowActions({ id: 2 }, owner)).toEqual({ toggle: true, resetTotp: true });
  });

  it('shows nothing on your own row', () => {
    expect(operatorRowActions({ id: 1 }, owner)).toEqual({
      toggle: false,
      resetTotp: false,
    });
  });

  it('shows nothing to a role without operators.manage', () => {
    for (const role of OPERATOR_ROLES.filter((role) => role !== 'owner')) {
      const me = { id: 1, permissions: [...ROLE_PERMISSIONS[role]] };
      expect(operatorRowActions({ id: 2 }, me), role).toEqual({
        toggle: false,
        resetTotp: false,
      });
    }
  });
});
