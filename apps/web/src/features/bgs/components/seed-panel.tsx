import '../bgs-texts';
import type { BgsRotation } from '@app/shared';
import { BgsClientSeed } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';
import { QueryContent } from '@/components/query-content';
import { askConfirm, showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { getSeedsQueryOptions, rotateSeeds, setClientSeed } from '../api/bgs';
import { useBgsTranslation } from '../bgs-texts';
import styles from './bgs.module.css';
import { Button } from '@/components/button';

/**
 * The provably fair controls: the committed server seed hash, the client seed the member may
 * change, the next nonce, and rotation, which reveals the old server seed.
 */
export function SeedPanel() {
  const { t } = useBgsTranslation();
  const seeds = useQuery(getSeedsQueryOptions());
  const { t: tMain } = useTranslation();
  const [revealed, setRevealed] = useState<BgsRotation['revealed'] | null>(null);

  async function rotate() {
    if (!(await askConfirm(t('seeds.rotateConfirm')))) return;
    try {
      setRevealed((await rotateSeeds()).revealed);
    } catch (error) {
      void showAlert(errorText(tMain, error));
    }
  }

  return (
    <section className={styles.card} data-testid="bgs-seeds">
      <h2 className={styles.cardTitle}>{t('seeds.title')}</h2>
      <p className={styles.muted}>{t('seeds.intro')}</p>
      <QueryContent query={seeds}>
        {(data) => (
          <>
            <div>
              <p className={styles.muted}>{t('seeds.serverSeedHash')}</p>
              <p className={styles.mono} data-testid="bgs-server-seed-hash">
                {data.serverSeedHash}
              </p>
            </div>
            <p className={styles.muted}>
              {t('seeds.nonce')}: <span data-testid="bgs-nonce">{data.nonce}</span>
            </p>
            <ClientSeedForm key={data.clientSeed} current={data.clientSeed} />
          </>
        )}
      </QueryContent>
      <Button onClick={() => void rotate()} testId="bgs-rotate">
        {t('seeds.rotate')}
      </Button>
      {revealed && (
        <div data-testid="bgs-revealed">
          <p className={styles.muted}>{t('seeds.revealed')}</p>
          <p className={styles.mono}>{revealed.serverSeed}</p>
          <p className={styles.muted}>
            {t('seeds.revealedRounds', {
              count: revealed.rounds,
              last: Math.max(revealed.rounds - 1, 0),
            })}
          </p>
        </div>
      )}
    </section>
  );
}

function ClientSeedForm({ current }: { current: string }) {
  const { t } = useBgsTranslation();
  const { t: tMain } = useTranslation();
  const [value, setValue] = useState(current);
  const [saving, setSaving] = useState(false);
  const valid = BgsClientSeed.safeParse(value).success;

  async function save() {
    setSaving(true);
    try {
      await setClientSeed({ clientSeed: value.trim() });
      void showAlert(t('seeds.saved'));
    } catch (error) {
      void showAlert(errorText(tMain, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className={styles.column}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label={t('seeds.clientSeed')}
        value={value}
        onChange={setValue}
        hint={t('seeds.clientSeedHint')}
        error={valid ? null : t('seeds.clientSeedHint')}
        maxLength={64}
        testId="bgs-client-seed"
      />
      <Button
        type="submit"
        disabled={!valid || saving || value.trim() === current}
        testId="bgs-client-seed-save"
      >
        {t('seeds.save')}
      </Button>
    </form>
  );
}
