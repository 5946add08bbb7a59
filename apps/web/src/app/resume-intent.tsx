import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStartGame } from '@/features/catalogue/start-game';
import { readPendingIntent, resumeStep } from '@/lib/pending-intent';
import { clearPendingIntent } from '@/lib/pending-intent-store';
import type { Session } from '@/lib/session';

type ResumeIntentProps = { stored: string; session: Session };

/**
 * Carries out what a refused trial chose once it has registered (lib/pending-intent): the game
 * goes through the normal launch (useStartGame: the launch call, balance, sub-game and
 * maintenance popups, the game page) from the page it was tapped on; a page is opened. Loaded
 * only while such an intent waits for a member session.
 */
export default function ResumeIntent({ stored, session }: ResumeIntentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const start = useStartGame();
  const path = `${location.pathname}${location.search}`;
  const resumed = useRef(false);

  useEffect(() => {
    const intent = readPendingIntent(stored);
    // An intent too old or unreadable is dropped like a done one.
    const step = intent ? resumeStep(intent, session, path) : ({ kind: 'done' } as const);
    if (step.kind === 'wait' || resumed.current) return;
    resumed.current = true;
    // Done once: whatever happens next (a maintenance popup, a failed launch) is the launch's.
    clearPendingIntent();
    if (step.kind === 'start') start(step.game);
    else if (step.kind === 'navigate') void navigate(step.to, { replace: true });
  }, [stored, session, path, start, navigate]);

  return null;
}
