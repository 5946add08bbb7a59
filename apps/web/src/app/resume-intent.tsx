import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStartGame } from '@/features/catalogue/start-game';
import { clearPendingIntent, resumeStep, type PendingIntent } from '@/lib/pending-intent';
import type { Session } from '@/lib/session';

type ResumeIntentProps = { intent: PendingIntent; session: Session };

/**
 * Carries out what a refused trial chose once it has registered (lib/pending-intent): the game
 * goes through the normal launch (useStartGame: the launch call, balance, sub-game and
 * maintenance popups, the game page) from the page it was tapped on; a page is opened. Loaded
 * only while such an intent waits for a member session.
 */
export default function ResumeIntent({ intent, session }: ResumeIntentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const start = useStartGame();
  const step = resumeStep(intent, session, `${location.pathname}${location.search}`);
  const resumed = useRef(false);

  useEffect(() => {
    if (step.kind === 'wait' || resumed.current) return;
    resumed.current = true;
    // Done once: whatever happens next (a maintenance popup, a failed launch) is the launch's.
    clearPendingIntent();
    if (step.kind === 'start') start(step.game);
    else if (step.kind === 'navigate') void navigate(step.to, { replace: true });
  }, [step, start, navigate]);

  return null;
}
