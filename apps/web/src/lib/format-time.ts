const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss (SPEC section 9 time format) in the visitor's time zone. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
