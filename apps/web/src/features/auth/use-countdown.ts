import { useEffect, useState } from 'react';

/** Seconds left until a resend is allowed; `start` begins a new wait. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  return {
    remaining: endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)),
    start(seconds: number) {
      const time = Date.now();
      setNow(time);
      setEndsAt(time + seconds * 1000);
    },
  };
}

/** 299 -> "4:59" */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
