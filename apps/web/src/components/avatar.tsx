/** The avatars a member can choose (`avatar-1` to `avatar-12`, POST /wps/member/info/icon). */
export const AVATAR_ICONS = Array.from({ length: 12 }, (_, i) => `avatar-${i + 1}`);

const BACKGROUNDS = [
  '#f5c542',
  '#8b5cf6',
  '#22c55e',
  '#ef4444',
  '#38bdf8',
  '#f97316',
  '#ec4899',
  '#14b8a6',
  '#a3e635',
  '#6366f1',
  '#eab308',
  '#06b6d4',
];
const SKIN = ['#f3c99b', '#d9a066', '#8d5524'];
const HAIR = [
  'M10 14a6 6 0 0 1 12 0c-2-2-4-2.5-6-2.5S12 12 10 14z',
  'M9.5 15c-.5-5 2.5-8 6.5-8s7 3 6.5 8l-1-3-2 1-3.5-2-3.5 2-2-1z',
  'M9 22V14a7 7 0 0 1 14 0v8l-2-1v-7a5 5 0 0 0-10 0v7z',
  'M9 12h14l-2-4H11zM8 12.5h16',
];

/** Which avatar an icon value names (1-12); members without a choice get the first. */
function avatarIndex(icon: string | null | undefined): number {
  const n = Number(/^avatar-(\d+)$/.exec(icon ?? '')?.[1]);
  return n >= 1 && n <= AVATAR_ICONS.length ? n - 1 : 0;
}

type AvatarProps = { icon: string | null | undefined; size?: number };

/** A simple drawn face: four hair styles, three skin tones, twelve backgrounds. */
export function Avatar({ icon, size = 32 }: AvatarProps) {
  const i = avatarIndex(icon);
  const hair = HAIR[i % HAIR.length];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={BACKGROUNDS[i]} />
      <path d="M5 29c1.5-5 5.5-7 11-7s9.5 2 11 7a16 16 0 0 1-22 0z" fill="#1b1e2b" opacity=".55" />
      <circle cx="16" cy="15" r="6" fill={SKIN[Math.floor(i / HAIR.length) % SKIN.length]} />
      <circle cx="13.8" cy="15" r=".9" fill="#1b1e2b" />
      <circle cx="18.2" cy="15" r=".9" fill="#1b1e2b" />
      <path d="M14 18.2q2 1.4 4 0" stroke="#1b1e2b" strokeWidth=".9" fill="none" />
      <path d={hair} fill="#2a2118" stroke="#2a2118" strokeWidth=".6" strokeLinejoin="round" />
    </svg>
  );
}
