import { createHash } from 'node:crypto';
import { DEMO_ART_SIZES, type DemoBanner } from '../db/seed/demo-art.js';

/**
 * The demo's artwork as SVG, drawn from shapes and text only: a game tile from its vendor's
 * palette, a motif of its kind (reels, cards, fish, rooster, lottery balls, ...) and its name;
 * a vendor's wordmark; a team's crest from its initials and colours; banners with their words in
 * each language. draw-demo-art.ts turns them into WebP.
 */

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', sans-serif\"";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

/** Bytes of a stable hash: the same name always draws the same picture. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Splits a name into at most `max` lines of about `width` characters. */
function wrap(text: string, width: number, max = 2): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = out.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width)
      out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  if (out.length <= max) return out;
  return [...out.slice(0, max - 1), out.slice(max - 1).join(' ')];
}

/** Two colours of a vendor: [light, dark]. */
const VENDOR_PALETTES: Record<string, [string, string]> = {
  PG: ['#ff8a1f', '#3b0d52'],
  EG2: ['#19c3b1', '#0b2447'],
  PT: ['#3d8bff', '#0a1838'],
  JDB: ['#ff4d5e', '#2e0714'],
  CQ9: ['#ffc23d', '#3d1d00'],
  FC: ['#ff5fa2', '#2d0b2e'],
  JL: ['#ffd166', '#6a1400'],
  BGS: ['#b388ff', '#160a33'],
  TCG_LOTTO_VN: ['#ff5a4f', '#4a0a12'],
  ELOTT: ['#2fe0b0', '#06324a'],
  TCG_SEA: ['#38b6ff', '#04283f'],
  LOTT: ['#ff6f91', '#3c0a22'],
  SA: ['#e8c15a', '#1a1406'],
  SABA: ['#3ddc84', '#082b18'],
  CMD: ['#4f9dff', '#0b1636'],
  TFG: ['#a06bff', '#150636'],
  IAE: ['#ff3d8b', '#24001a'],
  DS88: ['#ff3b3b', '#2b0000'],
  DIG: ['#ffa62b', '#2e1500'],
  WGB: ['#7bc47f', '#0f2a12'],
};
const FALLBACK_PALETTE: [string, string] = ['#8fa3bf', '#141a26'];

export function paletteOf(vendorCode: string): [string, string] {
  return VENDOR_PALETTES[vendorCode] ?? FALLBACK_PALETTE;
}

// ---- Shapes --------------------------------------------------------------------------------

function playingCard(x: number, y: number, rank: string, suit: string, rotate: number): string {
  const red = suit === '♥' || suit === '♦';
  const ink = red ? '#d62839' : '#161616';
  return (
    `<g transform="rotate(${rotate} ${x + 40} ${y + 110})">` +
    `<rect x="${x}" y="${y}" width="80" height="112" rx="9" fill="#fffdf5" stroke="#000" stroke-opacity=".25" stroke-width="2"/>` +
    `<text x="${x + 10}" y="${y + 28}" font-size="24" font-weight="700" fill="${ink}">${rank}</text>` +
    `<text x="${x + 40}" y="${y + 82}" font-size="44" text-anchor="middle" fill="${ink}">${suit}</text>` +
    `</g>`
  );
}

function ball(cx: number, cy: number, r: number, color: string, label: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.58}" fill="#fff"/>` +
    `<circle cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" r="${r * 0.22}" fill="#fff" fill-opacity=".45"/>` +
    `<text x="${cx}" y="${cy + r * 0.25}" font-size="${Math.round(r * 0.7)}" font-weight="700" text-anchor="middle" fill="#1b1b1b">${label}</text>`
  );
}

function die(x: number, y: number, size: number, pips: number, face: string, pip: string): string {
  const s = size / 4;
  const spots: Record<number, [number, number][]> = {
    1: [[2, 2]],
    2: [
      [1, 1],
      [3, 3],
    ],
    3: [
      [1, 1],
      [2, 2],
      [3, 3],
    ],
    4: [
      [1, 1],
      [3, 1],
      [1, 3],
      [3, 3],
    ],
    5: [
      [1, 1],
      [3, 1],
      [2, 2],
      [1, 3],
      [3, 3],
    ],
    6: [
      [1, 1],
      [3, 1],
      [1, 2],
      [3, 2],
      [1, 3],
      [3, 3],
    ],
  };
  return (
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}" fill="${face}" stroke="#000" stroke-opacity=".2" stroke-width="2"/>` +
    (spots[pips] ?? [])
      .map(
        ([i, j]) =>
          `<circle cx="${x + i * s}" cy="${y + j * s}" r="${size * 0.09}" fill="${pip}"/>`,
      )
      .join('')
  );
}

function fishShape(x: number, y: number, scale: number, body: string, flip = false): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})">` +
    `<path d="M-60 0 C-30 -38 30 -38 50 0 C30 38 -30 38 -60 0 Z" fill="${body}"/>` +
    `<path d="M46 0 L82 -30 L74 0 L82 30 Z" fill="${body}"/>` +
    `<path d="M-10 -26 Q6 -46 22 -24" fill="${body}" stroke="#000" stroke-opacity=".15"/>` +
    `<path d="M-5 -22 Q4 0 -5 22 M10 -20 Q19 0 10 20" stroke="#fff" stroke-opacity=".45" stroke-width="3" fill="none"/>` +
    `<circle cx="-38" cy="-6" r="7" fill="#fff"/><circle cx="-39" cy="-6" r="3.5" fill="#111"/>` +
    `</g>`
  );
}

function coin(cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f4b400"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#ffd54a" stroke="#c98a00" stroke-width="${r * 0.08}"/>` +
    `<text x="${cx}" y="${cy + r * 0.38}" font-size="${Math.round(r * 1.05)}" font-weight="700" text-anchor="middle" fill="#b57200">₱</text>`
  );
}

function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 === 0 ? r : r * 0.45;
    return `${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

/** Slot symbols in a 60 x 60 box at (x, y). */
const SLOT_SYMBOLS: ((x: number, y: number) => string)[] = [
  (x, y) =>
    `<text x="${x + 30}" y="${y + 50}" font-size="54" font-weight="700" text-anchor="middle" fill="#e01e37" stroke="#7a0010" stroke-width="2">7</text>`,
  (x, y) =>
    `<path d="M${x + 30} ${y + 8} Q${x + 36} ${y + 24} ${x + 20} ${y + 34} M${x + 30} ${y + 8} Q${x + 38} ${y + 26} ${x + 44} ${y + 36}" stroke="#2d8a34" stroke-width="4" fill="none"/>` +
    `<circle cx="${x + 19}" cy="${y + 42}" r="13" fill="#d7263d"/><circle cx="${x + 44}" cy="${y + 42}" r="13" fill="#d7263d"/>`,
  (x, y) =>
    `<path d="M${x + 30} ${y + 6} C${x + 12} ${y + 10} ${x + 14} ${y + 34} ${x + 8} ${y + 46} H${x + 52} C${x + 46} ${y + 34} ${x + 48} ${y + 10} ${x + 30} ${y + 6} Z" fill="#ffcc33" stroke="#b07d00" stroke-width="2"/>` +
    `<circle cx="${x + 30}" cy="${y + 52}" r="6" fill="#b07d00"/>`,
  (x, y) =>
    `<polygon points="${x + 30},${y + 6} ${x + 54},${y + 26} ${x + 30},${y + 56} ${x + 6},${y + 26}" fill="#4cc9f0" stroke="#1d6fa3" stroke-width="2"/>` +
    `<polygon points="${x + 30},${y + 6} ${x + 40},${y + 26} ${x + 30},${y + 56} ${x + 20},${y + 26}" fill="#a5ecff"/>`,
  (x, y) => star(x + 30, y + 30, 26, '#ffd23f'),
  (x, y) =>
    `<rect x="${x + 4}" y="${y + 18}" width="52" height="24" rx="4" fill="#222" stroke="#ffd23f" stroke-width="2"/>` +
    `<text x="${x + 30}" y="${y + 36}" font-size="16" font-weight="700" text-anchor="middle" fill="#ffd23f">BAR</text>`,
  (x, y) =>
    ['M0 -12', 'M12 0', 'M0 12', 'M-12 0']
      .map(
        (_, i) =>
          `<circle cx="${x + 30 + [0, 11, 0, -11][i]!}" cy="${y + 26 + [-11, 0, 11, 0][i]!}" r="11" fill="#38b000"/>`,
      )
      .join('') +
    `<path d="M${x + 30} ${y + 30} Q${x + 34} ${y + 46} ${x + 40} ${y + 56}" stroke="#2b7a0b" stroke-width="4" fill="none"/>`,
  (x, y) => coin(x + 30, y + 30, 26),
];

// ---- Motifs of a game tile (drawn in the upper 220 px of 320) --------------------------------

type MotifContext = { light: string; dark: string; bytes: Buffer };

function reels({ light, bytes }: MotifContext): string {
  const picks = [0, 1, 2].map((i) => SLOT_SYMBOLS[bytes[4 + i]! % SLOT_SYMBOLS.length]!);
  return (
    `<rect x="46" y="58" width="228" height="116" rx="18" fill="#000" fill-opacity=".35" stroke="${light}" stroke-width="5"/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${58 + i * 70}" y="70" width="64" height="92" rx="10" fill="#fffaf0"/>` +
          picks[i]!(60 + i * 70, 86),
      )
      .join('') +
    `<rect x="40" y="110" width="240" height="4" fill="${light}" fill-opacity=".8"/>`
  );
}

function jackpot(context: MotifContext): string {
  return (
    coin(86, 150, 30) +
    coin(236, 146, 26) +
    coin(160, 104, 48) +
    `<rect x="52" y="30" width="216" height="40" rx="20" fill="#d00000" stroke="#ffd23f" stroke-width="4"/>` +
    `<text x="160" y="59" font-size="24" font-weight="700" text-anchor="middle" fill="#ffd23f" letter-spacing="3">JACKPOT</text>` +
    star(40, 110, 10, context.light) +
    star(284, 96, 12, context.light)
  );
}

function fishing({ light, bytes }: MotifContext): string {
  const colors = ['#ff9f1c', '#ff595e', '#ffd60a', '#8ac926', '#c77dff', '#4cc9f0'];
  const a = colors[bytes[4]! % colors.length]!;
  const b = colors[(bytes[4]! + 2) % colors.length]!;
  return (
    `<path d="M0 190 Q40 176 80 190 T160 190 T240 190 T320 190 V220 H0 Z" fill="${light}" fill-opacity=".35"/>` +
    `<path d="M40 220 Q30 190 44 170 Q52 150 40 128" stroke="#2ec4b6" stroke-width="6" fill="none"/>` +
    `<path d="M280 220 Q292 196 278 176 Q268 158 282 140" stroke="#2ec4b6" stroke-width="6" fill="none"/>` +
    fishShape(170, 110, 1.25, a) +
    fishShape(90, 170, 0.6, b, true) +
    [
      [250, 60, 8],
      [268, 36, 5],
      [236, 40, 4],
      [70, 70, 6],
    ]
      .map(
        ([cx, cy, r]) =>
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>`,
      )
      .join('')
  );
}

const RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** Cards fanned out: `count` of them, ranks and suits picked by the game's hash. */
function cards(count: number, chips = false) {
  return ({ light, bytes }: MotifContext): string =>
    Array.from({ length: count }, (_, i): [string, string] => [
      RANKS[bytes[4 + i]! % RANKS.length]!,
      SUITS[bytes[8 + i]! % SUITS.length]!,
    ])
      .map(([rank, suit], i, ranks) =>
        playingCard(
          82 + i * 50,
          44 + Math.abs(i - 1) * 8,
          rank,
          suit,
          (i - (ranks.length - 1) / 2) * 14,
        ),
      )
      .join('') +
    (chips
      ? [0, 1, 2]
          .map(
            (i) =>
              `<ellipse cx="74" cy="${188 - i * 10}" rx="30" ry="11" fill="${['#d00000', '#1d4ed8', '#111'][i]}" stroke="${light}" stroke-width="3" stroke-dasharray="8 6"/>`,
          )
          .join('')
      : '');
}

function roulette({ light }: MotifContext): string {
  return (
    `<circle cx="160" cy="116" r="92" fill="#5a2d0c"/>` +
    `<circle cx="160" cy="116" r="78" fill="none" stroke="#b00020" stroke-width="26" stroke-dasharray="11.2 11.2"/>` +
    `<circle cx="160" cy="116" r="78" fill="none" stroke="#111" stroke-width="26" stroke-dasharray="11.2 11.2" stroke-dashoffset="11.2"/>` +
    `<circle cx="160" cy="116" r="62" fill="#2d6a4f"/>` +
    `<circle cx="160" cy="116" r="22" fill="${light}"/>` +
    `<path d="M160 70 V162 M114 116 H206" stroke="${light}" stroke-width="6"/>` +
    `<circle cx="218" cy="66" r="9" fill="#fff"/>`
  );
}

function sicBo(): string {
  return (
    die(62, 80, 70, 5, '#fff', '#d00000') +
    die(182, 70, 70, 3, '#fff', '#111') +
    die(124, 130, 70, 6, '#fff', '#111')
  );
}

function colorGame(): string {
  return (
    die(56, 84, 72, 1, '#e63946', '#fff') +
    die(190, 74, 72, 1, '#2a9d8f', '#fff') +
    die(124, 128, 72, 1, '#ffd23f', '#fff') +
    `<rect x="40" y="34" width="240" height="26" rx="13" fill="#fff" fill-opacity=".2"/>` +
    ['#e63946', '#2a9d8f', '#ffd23f', '#3a86ff', '#ffffff', '#ff70a6']
      .map((c, i) => `<circle cx="${66 + i * 38}" cy="47" r="9" fill="${c}"/>`)
      .join('')
  );
}

function fanTan({ light }: MotifContext): string {
  return (
    `<ellipse cx="160" cy="170" rx="110" ry="30" fill="#000" fill-opacity=".3"/>` +
    `<path d="M70 120 Q160 40 250 120 Z" fill="${light}"/>` +
    `<rect x="150" y="58" width="20" height="18" rx="6" fill="${light}"/>` +
    Array.from(
      { length: 14 },
      (_, i) =>
        `<circle cx="${78 + (i % 7) * 28}" cy="${152 + Math.floor(i / 7) * 22}" r="10" fill="#fff"/>`,
    ).join('')
  );
}

function lotteryBalls(colors: string[], bytes: Buffer): string {
  const positions: [number, number, number][] = [
    [78, 90, 36],
    [160, 72, 44],
    [242, 90, 36],
    [114, 162, 34],
    [206, 162, 34],
  ];
  return positions
    .map(([cx, cy, r], i) =>
      ball(cx, cy, r, colors[i % colors.length]!, String((bytes[4 + i]! % 45) + 1)),
    )
    .join('');
}

function lottery({ bytes }: MotifContext): string {
  return lotteryBalls(['#e63946', '#ffb703', '#2a9d8f', '#3a86ff', '#8338ec'], bytes);
}

function quick(context: MotifContext): string {
  return (
    lotteryBalls(['#ff006e', '#fb5607', '#3a86ff', '#06d6a0', '#ffbe0b'], context.bytes) +
    `<path d="M176 20 L136 110 H166 L146 200 L206 92 H174 L196 20 Z" fill="#ffd23f" stroke="#7a4b00" stroke-width="3" fill-opacity=".92"/>`
  );
}

function football({ light }: MotifContext): string {
  return (
    `<rect x="20" y="150" width="280" height="70" fill="#2d6a4f"/>` +
    `<path d="M20 186 H300 M160 150 V220" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>` +
    `<circle cx="160" cy="108" r="70" fill="#fff" stroke="#222" stroke-width="4"/>` +
    `<polygon points="160,80 186,98 176,128 144,128 134,98" fill="#222"/>` +
    `<path d="M160 80 V40 M186 98 L222 84 M176 128 L200 160 M144 128 L120 160 M134 98 L98 84" stroke="#222" stroke-width="4"/>` +
    `<circle cx="160" cy="108" r="70" fill="none" stroke="${light}" stroke-width="6" stroke-opacity=".7"/>`
  );
}

function controller({ light }: MotifContext): string {
  return (
    `<polygon points="160,22 236,66 236,154 160,198 84,154 84,66" fill="none" stroke="${light}" stroke-width="4" stroke-opacity=".7"/>` +
    `<path d="M92 96 Q104 72 136 78 H184 Q216 72 228 96 L246 154 Q250 176 228 176 Q214 176 202 154 H118 Q106 176 92 176 Q70 176 74 154 Z" fill="#1b1b2f" stroke="${light}" stroke-width="4"/>` +
    `<path d="M116 112 V140 M102 126 H130" stroke="#fff" stroke-width="8" stroke-linecap="round"/>` +
    `<circle cx="200" cy="114" r="8" fill="#ff006e"/><circle cx="218" cy="130" r="8" fill="#3a86ff"/>` +
    `<circle cx="182" cy="130" r="8" fill="#ffbe0b"/><circle cx="200" cy="146" r="8" fill="#06d6a0"/>`
  );
}

function rooster({ light }: MotifContext): string {
  return (
    `<circle cx="160" cy="112" r="96" fill="${light}" fill-opacity=".18"/>` +
    // tail feathers
    `<path d="M112 128 C70 110 60 60 84 36 C90 78 104 96 124 108 Z" fill="#1d3557"/>` +
    `<path d="M116 132 C64 130 40 88 52 58 C70 96 92 112 124 118 Z" fill="#2a9d8f"/>` +
    `<path d="M120 138 C80 150 50 124 46 98 C70 124 96 130 126 128 Z" fill="#e9c46a"/>` +
    // body, neck, head
    `<path d="M112 120 C112 176 200 190 214 140 C222 112 206 92 196 80 L176 98 C168 118 140 110 112 120 Z" fill="#c1121f"/>` +
    `<path d="M190 94 C182 70 188 50 206 44 C224 40 236 56 230 74 C226 88 214 96 202 104 Z" fill="#f77f00"/>` +
    `<path d="M204 44 C204 30 214 26 216 36 C220 24 230 26 228 38 C236 34 240 44 230 50 Z" fill="#d00000"/>` +
    `<polygon points="230,60 252,66 230,72" fill="#ffd166"/>` +
    `<path d="M222 76 C226 88 220 96 214 92 C212 86 216 80 222 76 Z" fill="#d00000"/>` +
    `<circle cx="218" cy="58" r="4" fill="#111"/>` +
    `<path d="M132 150 C140 164 168 172 190 160" stroke="#780000" stroke-width="5" fill="none"/>` +
    // legs
    `<path d="M156 176 L150 206 M150 206 L136 212 M150 206 L160 214 M182 172 L188 204 M188 204 L176 212 M188 204 L200 210" stroke="#ffb703" stroke-width="6" stroke-linecap="round"/>`
  );
}

function lobby(context: MotifContext): string {
  return (
    `<path d="M60 100 L160 40 L260 100 Z" fill="${context.light}"/>` +
    `<rect x="60" y="100" width="200" height="14" fill="${context.light}"/>` +
    [84, 128, 172, 216]
      .map((x) => `<rect x="${x}" y="118" width="20" height="72" fill="#fff" fill-opacity=".85"/>`)
      .join('') +
    `<rect x="50" y="190" width="220" height="16" fill="${context.light}"/>` +
    star(160, 78, 14, '#fff')
  );
}

const MOTIFS: Record<string, (context: MotifContext) => string> = {
  SLOT: reels,
  JACKPOT: jackpot,
  FISHING: fishing,
  BACCARAT: cards(2),
  BLACKJACK: cards(2),
  DRAGON_TIGER: cards(2),
  CARDS: cards(3),
  POKER: cards(2, true),
  ROULETTE: roulette,
  SICBO: sicBo,
  COLOR_GAME: colorGame,
  FAN_TAN: fanTan,
  LOTTERY: lottery,
  QUICK: quick,
  SPORTSBOOK: football,
  ESPORTSBOOK: controller,
  SABONG: rooster,
  LOBBY: lobby,
};

/** Faint patterns behind the motif; one per game, picked by its hash. */
const BACKDROPS: ((light: string) => string)[] = [
  (light) =>
    Array.from(
      { length: 12 },
      (_, i) =>
        `<path d="M160 120 L${(160 + 260 * Math.cos((i * Math.PI) / 6)).toFixed(0)} ${(120 + 260 * Math.sin((i * Math.PI) / 6)).toFixed(0)} L${(160 + 260 * Math.cos(((i + 0.5) * Math.PI) / 6)).toFixed(0)} ${(120 + 260 * Math.sin(((i + 0.5) * Math.PI) / 6)).toFixed(0)} Z" fill="${light}" fill-opacity=".10"/>`,
    ).join(''),
  (light) =>
    [60, 100, 140, 180]
      .map(
        (r) =>
          `<circle cx="160" cy="120" r="${r}" fill="none" stroke="${light}" stroke-opacity=".14" stroke-width="10"/>`,
      )
      .join(''),
  (light) =>
    Array.from(
      { length: 36 },
      (_, i) =>
        `<circle cx="${20 + (i % 6) * 56}" cy="${20 + Math.floor(i / 6) * 56}" r="6" fill="${light}" fill-opacity=".16"/>`,
    ).join(''),
  (light) =>
    Array.from(
      { length: 8 },
      (_, i) =>
        `<path d="M${-80 + i * 60} 320 L${40 + i * 60} 0" stroke="${light}" stroke-opacity=".12" stroke-width="18"/>`,
    ).join(''),
];

/** Title text with a dark outline, centred, in at most two lines fitted to `width`. */
function title(text: string, cx: number, baseline: number, width: number, maxSize: number): string {
  const lines = wrap(text, 14);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(maxSize, Math.floor(width / (longest * 0.62)));
  return lines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${baseline - (lines.length - 1 - i) * (size + 4)}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff" stroke="#000" stroke-opacity=".55" stroke-width="${Math.max(3, size / 7).toFixed(1)}" paint-order="stroke" stroke-linejoin="round">${escapeXml(line)}</text>`,
    )
    .join('');
}

export type GameArtInput = { vendorCode: string; gameCode: string; classify: string; name: string };

/** A game's square tile: backdrop, motif of its kind, its name across the bottom. */
export function drawGameTile(game: GameArtInput): string {
  const [width, height] = DEMO_ART_SIZES.game;
  const [light, dark] = paletteOf(game.vendorCode);
  const bytes = digest(game.gameCode);
  const angle = bytes[0]! % 2 === 0 ? 'x2="1" y2="1"' : 'x1="1" x2="0" y2="1"';
  const backdrop = BACKDROPS[bytes[1]! % BACKDROPS.length]!(light);
  const motif = (MOTIFS[game.classify] ?? reels)({ light, dark, bytes });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>` +
    `<defs><linearGradient id="bg" ${angle}><stop offset="0" stop-color="${light}"/><stop offset=".55" stop-color="${dark}"/><stop offset="1" stop-color="#07060d"/></linearGradient>` +
    `<linearGradient id="shade" x2="0" y2="1"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".7"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    backdrop +
    `<g>${motif}</g>` +
    `<rect width="${width}" height="${height}" fill="url(#shade)"/>` +
    title(game.name, 160, 296, 290, 38) +
    `</svg>`
  );
}

/** A vendor's wordmark: its display name on its palette, the code's first letter as a mark. */
export function drawVendorLogo(vendorCode: string, displayName: string): string {
  const [width, height] = DEMO_ART_SIZES.vendor;
  const [light, dark] = paletteOf(vendorCode);
  const lines = wrap(displayName, 9);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(26, Math.floor(104 / (longest * 0.74)));
  const text = lines
    .map(
      (line, i) =>
        `<text x="136" y="${54 + (i - (lines.length - 1) / 2) * (size + 2) + size * 0.35}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>` +
    `<defs><linearGradient id="bg" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="#07060d"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" rx="16" fill="url(#bg)"/>` +
    `<rect x="3" y="3" width="${width - 6}" height="${height - 6}" rx="14" fill="none" stroke="${light}" stroke-width="3"/>` +
    `<circle cx="40" cy="50" r="26" fill="${light}"/>` +
    `<text x="40" y="61" font-size="30" font-weight="700" text-anchor="middle" fill="${dark}">${escapeXml(vendorCode.charAt(0))}</text>` +
    text +
    `</svg>`
  );
}

/** Colours a team's name suggests ("Reds", "Blues", "Kings"...), else two from its hash. */
const TEAM_WORDS: Record<string, [string, string]> = {
  reds: ['#c8102e', '#ffd23f'],
  blues: ['#1d4ed8', '#ffffff'],
  kings: ['#5b2a86', '#ffd23f'],
  sharks: ['#0f766e', '#e0f2f1'],
  stars: ['#0b1f4d', '#ffd23f'],
  clovers: ['#15803d', '#ffffff'],
  whites: ['#f5f5f5', '#c9a227'],
};

/** A team's crest: a shield in its colours with its initials. */
export function drawTeamCrest(team: string): string {
  const [width, height] = DEMO_ART_SIZES.team;
  const words = team.split(/\s+/);
  const bytes = digest(team);
  const [main, accent] = TEAM_WORDS[words.at(-1)!.toLowerCase()] ?? [
    `hsl(${bytes[0]! * 1.4} 70% 40%)`,
    `hsl(${bytes[1]! * 1.4} 80% 70%)`,
  ];
  const initials = words
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 3);
  const ink = main === '#f5f5f5' ? '#222' : '#fff';
  const band = bytes[2]! % 3;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 96 96" ${FONT}>` +
    `<defs><clipPath id="shield"><path d="M48 4 L86 16 V44 C86 68 70 84 48 92 C26 84 10 68 10 44 V16 Z"/></clipPath></defs>` +
    `<g clip-path="url(#shield)"><rect width="96" height="96" fill="${main}"/>` +
    [
      `<rect x="40" width="16" height="96" fill="${accent}" fill-opacity=".85"/>`,
      `<path d="M0 64 L96 30 V46 L0 80 Z" fill="${accent}" fill-opacity=".85"/>`,
      `<path d="M0 60 L48 78 L96 60 V76 L48 94 L0 76 Z M0 4 H96 V22 H0 Z" fill="${accent}" fill-opacity=".85"/>`,
    ][band] +
    `</g>` +
    `<path d="M48 4 L86 16 V44 C86 68 70 84 48 92 C26 84 10 68 10 44 V16 Z" fill="none" stroke="${accent}" stroke-width="5"/>` +
    `<text x="48" y="${initials.length > 2 ? 56 : 58}" font-size="${initials.length > 2 ? 22 : 28}" font-weight="700" text-anchor="middle" fill="${ink}" stroke="#000" stroke-opacity=".35" stroke-width="3" paint-order="stroke">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

/** The words of each banner, in English and Tagalog. */
export const BANNER_TEXTS: Record<
  DemoBanner,
  Record<'EN' | 'TL', [title: string, line: string]>
> = {
  slots: {
    EN: ['Spin and win', 'New slots every week'],
    TL: ['Paikutin at manalo', 'May bagong slot bawat linggo'],
  },
  live: {
    EN: ['Live casino', 'Real dealers, day and night'],
    TL: ['Live casino', 'Totoong dealer, araw at gabi'],
  },
  sabong: {
    EN: ['Sabong live', 'Every derby, straight from the arena'],
    TL: ['Sabong live', 'Bawat derby, diretso mula sa arena'],
  },
  promotions: {
    EN: ['Promotions', 'Bonuses and rebates for members'],
    TL: ['Mga promosyon', 'Mga bonus at rebate para sa miyembro'],
  },
  responsible: {
    EN: ['Play responsibly', '21 and over only. Set a budget.'],
    TL: ['Maglaro nang responsable', '21 pataas lamang. Magtakda ng badyet.'],
  },
  login: {
    EN: ['Welcome back', 'Log in and pick up where you left off'],
    TL: ['Maligayang pagbabalik', 'Mag-log in at ituloy ang laro'],
  },
  forget: {
    EN: ['Forgot your password?', 'We send a code to your mobile or email'],
    TL: ['Nakalimutan ang password?', 'Magpapadala kami ng code sa mobile o email'],
  },
  video: {
    EN: ['Highlights', 'Press play to watch'],
    TL: ['Mga highlight', 'Pindutin ang play para manood'],
  },
};

/** Each banner's picture on the right side: [palette light, dark, motif]. */
const BANNER_LOOKS: Record<DemoBanner, [string, string, (context: MotifContext) => string]> = {
  slots: ['#ffb703', '#3b0d52', reels],
  live: ['#e8c15a', '#0b3d2e', cards(3, true)],
  sabong: ['#ff7b00', '#3b0a0a', rooster],
  promotions: ['#ff5fa2', '#1f0b3d', jackpot],
  responsible: [
    '#4cc9f0',
    '#0a2540',
    (context) =>
      `${star(160, 112, 80, context.light)}<text x="160" y="134" font-size="56" font-weight="700" text-anchor="middle" fill="#0a2540">21+</text>`,
  ],
  login: ['#8ac926', '#10291a', sicBo],
  forget: [
    '#b388ff',
    '#160a33',
    (context) =>
      `<rect x="96" y="96" width="128" height="100" rx="16" fill="${context.light}"/><path d="M122 96 V70 A38 38 0 0 1 198 70 V96" stroke="${context.light}" stroke-width="16" fill="none"/><circle cx="160" cy="138" r="14" fill="#160a33"/><rect x="154" y="140" width="12" height="32" rx="4" fill="#160a33"/>`,
  ],
  video: [
    '#ff006e',
    '#14052b',
    (context) =>
      `<rect x="40" y="50" width="240" height="136" rx="20" fill="#000" fill-opacity=".5" stroke="${context.light}" stroke-width="5"/><polygon points="136,84 136,152 196,118" fill="#fff"/>`,
  ],
};

/** A 16:7 banner: words on the left, a motif on the right, in the banner's palette. */
export function drawBanner(banner: DemoBanner, language: 'EN' | 'TL'): string {
  const [width, height] = banner === 'video' ? DEMO_ART_SIZES.videoCover : DEMO_ART_SIZES.banner;
  // The drawing is laid out for the 16:7 banner; a taller cover centres it.
  const shift = (height - DEMO_ART_SIZES.banner[1]) / 2;
  const [light, dark, motif] = BANNER_LOOKS[banner];
  const [heading, line] = BANNER_TEXTS[banner][language];
  const headingLines = wrap(heading, 16);
  const headingSize = Math.min(
    64,
    Math.floor(470 / (Math.max(...headingLines.map((l) => l.length)) * 0.62)),
  );
  const lineLines = wrap(line, 30);
  const top = 210 - ((headingLines.length - 1) * (headingSize + 6)) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>` +
    `<defs><linearGradient id="bg" x2="1" y2="1"><stop offset="0" stop-color="#07060d"/><stop offset=".45" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>` +
    `<radialGradient id="glow" cx=".75" cy=".5" r=".5"><stop offset="0" stop-color="${light}" stop-opacity=".55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>` +
    `<g transform="translate(0 ${shift})">` +
    `<g transform="translate(580 50) scale(1.2)">${BACKDROPS[0]!(light)}${motif({ light, dark, bytes: digest(banner) })}</g>` +
    `<rect x="56" y="${top - headingSize - 30}" width="64" height="8" rx="4" fill="${light}"/>` +
    headingLines
      .map(
        (text, i) =>
          `<text x="56" y="${top + i * (headingSize + 6)}" font-size="${headingSize}" font-weight="700" fill="#fff" stroke="#000" stroke-opacity=".4" stroke-width="4" paint-order="stroke">${escapeXml(text)}</text>`,
      )
      .join('') +
    lineLines
      .map(
        (text, i) =>
          `<text x="56" y="${top + (headingLines.length - 1) * (headingSize + 6) + 56 + i * 36}" font-size="30" fill="#fff" fill-opacity=".9">${escapeXml(text)}</text>`,
      )
      .join('') +
    `</g></svg>`
  );
}
