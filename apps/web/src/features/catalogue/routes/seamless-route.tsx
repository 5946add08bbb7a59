import type { LaunchGameResult } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyPage } from '@/components/empty-page';
import { Icon } from '@/components/icon';
import { Loader } from '@/components/loader';
import { QueryContent } from '@/components/query-content';
import { categoryPaths, paths, vendorPath } from '@/config/paths';
import { useLanguage } from '@app/client';
import { useSession } from '@/lib/session';
import { launchGame } from '../api/games';
import { GameTile } from '../components/game-tile';
import { LaunchPopups } from '../components/launch-popups';
import styles from '../components/games.module.css';
import { PAGE_LOAD_TIMEOUT_MS, playableUrl } from '../game-rules';
import { useGamesTranslation, type PlayerProblem } from '@/lib/games-texts';
import {
  launchPlatform,
  maintenanceSuggestions,
  useStartGame,
  type SeamlessState,
} from '../start-game';
import { walletKeys } from '@/lib/wallet-balance';
import { Button } from '@/components/button';

type UrlLaunch = Extract<LaunchGameResult, { mode: 'URL' }>;

function readNodeId(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function isSeamlessState(value: unknown, nodeId: number): value is SeamlessState {
  if (typeof value !== 'object' || value === null || !('launch' in value)) return false;
  const { launch } = value as SeamlessState;
  return launch.mode === 'URL' && launch.nodeId === nodeId;
}

/** Where a launch that is not played on this page goes (a lottery or in-house page, a list). */
function elsewhere(result: Exclude<LaunchGameResult, UrlLaunch>): string {
  if (result.mode === 'SUB_GAMES')
    return vendorPath(categoryPaths[result.gameType], result.vassalage);
  const query = new URLSearchParams(result.query).toString();
  return query ? `${result.path}?${query}` : result.path;
}

type GameFrameProps = { launch: UrlLaunch; name: string; onReload: () => void };

/**
 * The vendor's game in a frame as wide as the page. Its address is checked first (invalid URL);
 * a frame that has not loaded after PAGE_LOAD_TIMEOUT_MS says so (page-load timeout); opening it
 * in its own window reports a blocked pop-up (SPEC section 8).
 */
function GameFrame({ launch, name, onReload }: GameFrameProps) {
  const { t } = useGamesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const url = playableUrl(launch.url, window.location.origin);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<PlayerProblem | null>(url ? null : 'INVALID_URL');

  useEffect(() => {
    if (!url || loaded) return;
    const timer = window.setTimeout(() => setProblem('PAGE_LOAD_TIMEOUT'), PAGE_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [url, loaded]);

  function openWindow() {
    if (!url) return;
    const opened = window.open(url, '_blank');
    if (!opened) {
      setProblem('POPUP_BLOCKED');
      return;
    }
    // The vendor's page must not be able to steer this one.
    opened.opener = null;
  }

  function back() {
    // Opened directly (typed, reloaded from a bookmark): there is no page of ours to go back to.
    if (location.key === 'default') void navigate(paths.home);
    else void navigate(-1);
  }

  return (
    <div className={styles.player} data-testid="seamless-player">
      <div className={styles.playerBar}>
        <Button variant="ghost" onClick={back}>
          <Icon name="chevronLeft" />
          {t('seamless.back')}
        </Button>
        <h1 className={styles.playerTitle}>{name || t('seamless.title')}</h1>
        <Button variant="ghost" onClick={onReload} testId="seamless-reload">
          <Icon name="refresh" />
          <span className="visually-hidden">{t('seamless.reload')}</span>
        </Button>
        <Button variant="ghost" onClick={openWindow} disabled={!url} testId="seamless-new-window">
          {t('seamless.newWindow')}
        </Button>
      </div>
      <div className={styles.frameWrap}>
        {url && (
          <iframe
            className={styles.frame}
            src={url}
            title={name || t('seamless.title')}
            allow="autoplay; fullscreen"
            onLoad={() => {
              setLoaded(true);
              setProblem((current) => (current === 'PAGE_LOAD_TIMEOUT' ? null : current));
            }}
            data-testid="seamless-frame"
          />
        )}
        {!loaded && !problem && (
          <div className={styles.frameOverlay}>
            <Loader />
          </div>
        )}
        {problem && (
          <div className={styles.frameOverlay}>
            <div className={styles.problem} role="alert" data-testid="seamless-problem">
              <Icon name="alert" size={32} />
              <p>{t(`errors.${problem}`)}</p>
              {problem === 'POPUP_BLOCKED' ? (
                <Button
                  variant="primary"
                  onClick={() => setProblem(loaded ? null : 'PAGE_LOAD_TIMEOUT')}
                >
                  {t('seamless.back')}
                </Button>
              ) : (
                <Button variant="primary" onClick={onReload}>
                  {t('seamless.reload')}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function Maintenance({ error }: { error: unknown }) {
  const { t } = useGamesTranslation();
  const start = useStartGame();
  const suggestions = maintenanceSuggestions(error) ?? [];
  return (
    <section className={styles.problem} data-testid="seamless-maintenance">
      <h1>{t('maintenance.title')}</h1>
      <p>{suggestions.length > 0 ? t('maintenance.textVendor') : t('maintenance.none')}</p>
      <ul className={styles.suggestions}>
        {suggestions.map((game) => (
          <li key={game.nodeId}>
            <GameTile game={game} onStart={start} />
          </li>
        ))}
      </ul>
      <LaunchPopups />
    </section>
  );
}

/**
 * `/seamless?nodeId=<id>`: the page a vendor's game is played in, full width without the side
 * menu. The click that launched the game hands over its launch; opened on its own (reload,
 * bookmark) the page launches the game again. Leaving it refreshes the balance the game changed.
 */
export default function SeamlessRoute() {
  const { t } = useGamesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const account = useSession()?.account ?? '';
  const [searchParams] = useSearchParams();
  const nodeId = readNodeId(searchParams.get('nodeId'));
  const handed = nodeId !== null && isSeamlessState(location.state, nodeId) ? location.state : null;
  const [reloads, setReloads] = useState(0);

  const launch = useQuery({
    queryKey: ['game-launch', account, nodeId, reloads],
    queryFn: () =>
      launchGame({
        nodeId: nodeId ?? 0,
        platform: launchPlatform(),
        language,
        backUrl: paths.home,
      }),
    // The handed-over launch is used once; a reload asks the vendor for a fresh one.
    enabled: nodeId !== null && (handed === null || reloads > 0),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
    [queryClient],
  );

  const result = reloads === 0 && handed ? handed.launch : launch.data;
  useEffect(() => {
    if (result && result.mode !== 'URL') void navigate(elsewhere(result), { replace: true });
  }, [result, navigate]);

  if (nodeId === null) {
    return (
      <EmptyPage
        icon="esports"
        title={t('seamless.title')}
        emptyTitle={t('seamless.noGameTitle')}
        emptyText={t('seamless.noGameText')}
      />
    );
  }
  if (result?.mode === 'URL') {
    return (
      <GameFrame
        key={`${reloads}:${result.url}`}
        launch={result}
        name={handed?.name ?? ''}
        onReload={() => setReloads((count) => count + 1)}
      />
    );
  }
  if (launch.isError && maintenanceSuggestions(launch.error)) {
    return <Maintenance error={launch.error} />;
  }
  // Loading, or a failed launch with its retry; a launch played elsewhere is on its way there.
  return <QueryContent query={launch}>{() => <Loader />}</QueryContent>;
}
