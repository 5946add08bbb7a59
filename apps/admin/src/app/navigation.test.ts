import { OPERATOR_ROLES, ROLE_PERMISSIONS, type OperatorRole } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { allowedSections, landingPath, SECTIONS } from './navigation';

const ids = (role: OperatorRole) =>
  allowedSections(ROLE_PERMISSIONS[role]).map((section) => section.id);

describe('navigation by permission', () => {
  it('shows the owner every page', () => {
    expect(ids('owner')).toEqual(SECTIONS.map((section) => section.id));
  });

  it('shows finance the payment pages and lands every role on the dashboard', () => {
    expect(ids('finance')).toEqual(expect.arrayContaining(['deposits', 'withdrawals', 'channels']));
    for (const role of OPERATOR_ROLES) {
      expect(landingPath(ROLE_PERMISSIONS[role])).toBe('/dashboard');
    }
  });

  it('hides the payment pages from roles whose endpoints would answer 403', () => {
    for (const role of ['risk_kyc', 'customer_service', 'marketing', 'read_only'] as const) {
      expect(ids(role)).not.toContain('deposits');
      expect(ids(role)).not.toContain('withdrawals');
      expect(ids(role)).not.toContain('channels');
    }
  });

  it('shows the catalogue to marketing and the system settings to the owner only', () => {
    expect(ids('marketing')).toContain('catalogue');
    expect(ids('marketing')).not.toContain('system');
    for (const role of OPERATOR_ROLES.filter((role) => role !== 'owner')) {
      expect(ids(role)).not.toContain('system');
    }
    expect(ids('finance')).toContain('callbacks');
    expect(ids('risk_kyc')).not.toContain('callbacks');
  });

  it('sends an operator without any page to the no-access page', () => {
    expect(landingPath([])).toBe('/no-access');
  });
});
