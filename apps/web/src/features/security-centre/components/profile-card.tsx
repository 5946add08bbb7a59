import type { MemberInfo } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AVATAR_ICONS } from '@/components/avatar';
import { FormMessage } from '@/components/form/fields';
import { errorText } from '@/lib/error-text';
import { chooseAvatar } from '../api/security';
import styles from './security-centre.module.css';
import { Button } from '@/components/button';

type ProfileCardProps = { member: MemberInfo; token: string };

/** The member's avatar and name, with the twelve avatars to choose from. */
export function ProfileCard({ member, token }: ProfileCardProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = member.icon ?? AVATAR_ICONS[0];

  async function choose(icon: string) {
    setError(null);
    try {
      await chooseAvatar(token, icon);
      setChoosing(false);
    } catch (failure) {
      setError(errorText(tMain, failure));
    }
  }

  return (
    <section className={`${styles.card} ${styles.profile}`} data-testid="security-profile">
      <Avatar icon={member.icon} size={64} />
      <div className={styles.profileName}>
        <strong data-testid="security-account">{member.nickname ?? member.account}</strong>
        <span className={styles.muted}>
          {t('security.accountName', { account: member.account })}
        </span>
      </div>
      <Button
        onClick={() => setChoosing((open) => !open)}
        aria-expanded={choosing}
        testId="security-avatar-toggle"
      >
        {t('security.changeAvatar')}
      </Button>
      {choosing && (
        <fieldset className={styles.avatars}>
          <legend className="visually-hidden">{t('security.chooseAvatar')}</legend>
          {AVATAR_ICONS.map((icon, i) => (
            <button
              key={icon}
              type="button"
              className={styles.avatarChoice}
              aria-pressed={icon === current}
              aria-label={t('security.avatar', { number: i + 1 })}
              onClick={() => void choose(icon)}
              data-testid={`security-${icon}`}
            >
              <Avatar icon={icon} size={48} />
            </button>
          ))}
        </fieldset>
      )}
      {error && <FormMessage>{error}</FormMessage>}
    </section>
  );
}
