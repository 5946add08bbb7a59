import '../bgs-texts';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { QueryContent } from '@/components/query-content';
import { useSession } from '@/lib/session';
import { getGameQueryOptions } from '../api/bgs';
import { useBgsTranslation } from '../bgs-texts';
import { Paytable } from '../components/paytable';
import { RoundHistory } from '../components/round-history';
import { SeedPanel } from '../components/seed-panel';
import { SpinPanel } from '../components/spin-panel';
import styles from '../components/bgs.module.css';

/**
 * `/bgs`: the in-house provably fair slot. Anyone sees the reels and the paytable; members and
 * agents play, manage their seeds and check their rounds (a visitor is sent to log in and a
 * trial account is refused when pressing spin).
 */
export default function BgsRoute() {
  const { t } = useBgsTranslation();
  const session = useSession();
  const game = useQuery(getGameQueryOptions());
  const playing = Boolean(session && !session.isTrial);
  return (
    <div data-testid="bgs-page">
      <PageHeader title={t('title')}>
        {game.data && t('subtitle', { rtp: game.data.rtp })}
      </PageHeader>
      <QueryContent query={game}>
        {(data) => (
          <div className={styles.page}>
            <div className={styles.column}>
              <SpinPanel game={data} />
              <Paytable game={data} />
            </div>
            {playing && (
              <div className={styles.column}>
                <SeedPanel />
                <RoundHistory />
              </div>
            )}
          </div>
        )}
      </QueryContent>
    </div>
  );
}
