import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/icon';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/auth';
import { askConfirm } from '@/lib/dialogs';
import type { Session } from '@/lib/session';
import { clockText, gmtOffset, startClock } from '../clock';
import styles from './agent-centre.module.css';
import { Button } from '@/components/button';

/** The live clock: re-rendered every second, the interval stopped when the header goes. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => startClock(setNow), []);
  return now;
}

/** The agent centre's header bar: GMT offset, live clock, nickname and logout. */
export function AgentHeader({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();

  async function logOut() {
    if (!(await askConfirm(t('prompts.in_sure_logout')))) return;
    // The session values go whatever the server answers; a failed call changes nothing for the user.
    await signOut().catch(() => undefined);
    void navigate(paths.home);
  }

  return (
    <div className={styles.header} data-testid="agent-header">
      <p className={styles.time}>
        <Icon name="clock" size={18} />
        <span data-testid="agent-gmt">{gmtOffset(now)}</span>
        <time dateTime={now.toISOString()} data-testid="agent-clock">
          {clockText(now)}
        </time>
      </p>
      <p className={styles.user}>
        <Icon name="user" size={18} />
        <span className="visually-hidden">{t('agent.header.nickname')}</span>
        <strong data-testid="agent-nickname">{session.nickname ?? session.account}</strong>
      </p>
      <Button onClick={() => void logOut()} testId="agent-logout">
        <Icon name="logout" size={18} />
        {t('header.signOut')}
      </Button>
    </div>
  );
}
