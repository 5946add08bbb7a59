import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Parts of a long page below its first screen (the home page's later rows): mounted one at a time
 * as the visitor scrolls within half a screen of them, each in a transition React renders in short
 * slices. A phone then spends its first seconds on what is in view, and a row's games and pictures
 * are fetched only when the visitor comes near it. Until every part is in, a screen-tall space
 * keeps what follows (the footer) below the fold, so nothing in view moves.
 */
export function RevealNear({ parts }: { parts: ReactNode[] }) {
  const [shown, setShown] = useState(0);
  const edge = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = edge.current;
    if (!element) return;
    // A new observer after each part: its first report says whether the edge is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          startTransition(() => setShown((count) => count + 1));
        }
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <>
      {parts.slice(0, shown)}
      {shown < parts.length && (
        <div
          ref={edge}
          style={{ minHeight: '100vh' }}
          aria-hidden="true"
          data-testid="reveal-edge"
        />
      )}
    </>
  );
}
