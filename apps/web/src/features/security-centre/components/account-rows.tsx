import type { MemberInfo } from '@app/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icon';
import { openAppModal } from '@/lib/modals';
import { AuthenticatorLinkForm, AuthenticatorUnlinkForm } from './authenticator-form';
import { InfoFieldForm, type InfoField } from './info-field-form';
import { PaymentPasswordForm } from './payment-password-form';
import styles from './security-centre.module.css';
import { Button } from '@/components/button';
import { SecurityCard } from './security-card';

type RowId = InfoField | 'paymentPassword' | 'authenticator';

type RowProps = {
  id: string;
  icon: IconName;
  label: string;
  value: string;
  action?: ReactNode;
  children?: ReactNode;
};

export function Row({ id, icon, label, value, action, children }: RowProps) {
  return (
    <li className={styles.row} data-testid={`security-row-${id}`}>
      <span className={styles.rowIcon}>
        <Icon name={icon} size={18} />
      </span>
      <span className={styles.rowText}>
        <span className={styles.rowLabel}>{label}</span>
        <span className={styles.rowValue} data-testid={`security-${id}-value`}>
          {value}
        </span>
      </span>
      {action}
      {children && <div className={styles.rowForm}>{children}</div>}
    </li>
  );
}

const INFO_ICONS: Record<InfoField, IconName> = {
  nickname: 'user',
  email: 'mail',
  payeeName: 'shield',
  birthday: 'calendar',
};

type AccountRowsProps = { member: MemberInfo; token: string };

/**
 * Passwords and bound details: login password (the change modal), payment password, the bound
 * mobile number and email (masked, as the server sends them), real name and birthday.
 */
export function AccountRows({ member, token }: AccountRowsProps) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState<RowId | null>(null);
  const notSet = t('security.notSet');

  function actionButton(row: RowId, label: string) {
    return (
      <Button
        className={styles.rowAction}
        onClick={() => setEditing(editing === row ? null : row)}
        aria-expanded={editing === row}
        testId={`security-${row}-edit`}
      >
        {label}
      </Button>
    );
  }

  function infoRow(field: InfoField) {
    const value = member[field];
    // Email, real name and birthday can be set once; after that only support changes them.
    const editable = field === 'nickname' || value === null;
    return (
      <Row
        key={field}
        id={field}
        icon={INFO_ICONS[field]}
        label={t(`security.fields.${field}`)}
        value={value ?? notSet}
        action={
          editable && actionButton(field, value === null ? t('security.set') : t('security.edit'))
        }
      >
        {editing === field && (
          <InfoFieldForm field={field} token={token} onDone={() => setEditing(null)} />
        )}
      </Row>
    );
  }

  return (
    <SecurityCard id="security-account-title" title={t('security.accountTitle')}>
      <ul className={styles.rows}>
        <Row
          id="loginPassword"
          icon="lock"
          label={t('security.loginPassword')}
          value="••••••••"
          action={
            <Button
              className={styles.rowAction}
              onClick={() => openAppModal('changePassword')}
              testId="security-change-password"
            >
              {t('security.change')}
            </Button>
          }
        />
        <Row
          id="paymentPassword"
          icon="wallet"
          label={t('security.paymentPassword')}
          value={member.hasPaymentPassword ? t('security.isSet') : notSet}
          action={actionButton(
            'paymentPassword',
            member.hasPaymentPassword ? t('security.change') : t('security.set'),
          )}
        >
          {editing === 'paymentPassword' && (
            <PaymentPasswordForm token={token} onDone={() => setEditing(null)} />
          )}
        </Row>
        <Row
          id="authenticator"
          icon="shield"
          label={t('security.authenticator.label')}
          value={
            member.hasAuthenticator ? t('security.authenticator.linked') : t('security.notBound')
          }
          action={actionButton(
            'authenticator',
            member.hasAuthenticator
              ? t('security.authenticator.unlink')
              : t('security.authenticator.link'),
          )}
        >
          {editing === 'authenticator' &&
            (member.hasAuthenticator ? (
              <AuthenticatorUnlinkForm token={token} onDone={() => setEditing(null)} />
            ) : (
              <AuthenticatorLinkForm token={token} onDone={() => setEditing(null)} />
            ))}
        </Row>
        <Row
          id="mobile"
          icon="phone"
          label={t('security.mobile')}
          value={
            member.mobileNum
              ? `+${member.countryDialingCode ?? ''} ${member.mobileNum}`
              : t('security.notBound')
          }
        />
        {(['email', 'payeeName', 'birthday', 'nickname'] as const).map(infoRow)}
      </ul>
    </SecurityCard>
  );
}
