import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/** Whether the visitor has scrolled the page since it loaded (once true, it stays true). */
function useHasScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return scrolled;
}

/**
 * Parts of a long page below its first screen (the home page's later rows): mounted one at a time
 * as the visitor scrolls within half a screen of them, each in a transition React renders in short
 * slices. Before the first scroll a part is mounted only when its place is in view: the page's
 * load is spent on what is seen, and a row's games and pictures are fetched only when the visitor
 * comes near it. Until every part is in, a screen-tall space keeps what follows (the footer) below
 * the fold, so nothing in view moves.
 */
export function RevealNear({ parts }: { parts: ReactNode[] }) {
  const [shown, setShown] = useState(0);
  const scrolled = useHasScrolled();
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
      { rootMargin: scrolled ? '50% 0px' : '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, scrolled]);
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
