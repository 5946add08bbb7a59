import { startTransition, useEffect, useState } from 'react';

let painted = false;

/**
 * False until the app's first paint, then true: for what the visitor does not see first (the home
 * page's sections below the fold, the side menu drawer's QR codes). The first paint then carries
 * only the shell and what is in view, and the rest renders in a transition, which React splits
 * into short slices instead of one long task. Components mounted later get true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let timer: number | undefined;
    // The frame callback runs before that paint; the timeout after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        painted = true;
        startTransition(() => setReady(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}
