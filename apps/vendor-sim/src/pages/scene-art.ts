// The drawn scenes of the fishing, baccarat and cockfight pages, as SVG markup: the page renders
// them on the server and the page script moves their parts. Plain strings, no imports, so the
// browser bundle can draw a dealt card with the same code.

import type { Suit } from '../games/baccarat.js';
import type { Fish } from '../games/fishing.js';

/** Text for markup: the page's texts are plain. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Where each fish swims in the 360 x 300 sea, and the box a tap on it hits. */
export const FISH_SPOTS: Record<Fish, { x: number; y: number; w: number; h: number }> = {
  CLOWNFISH: { x: 62, y: 58, w: 52, h: 48 },
  PUFFER: { x: 300, y: 56, w: 52, h: 52 },
  TURTLE: { x: 88, y: 140, w: 76, h: 56 },
  SHARK: { x: 262, y: 132, w: 120, h: 62 },
  WHALE: { x: 84, y: 222, w: 138, h: 70 },
  GOLDEN_DRAGON: { x: 286, y: 218, w: 112, h: 64 },
};

/** The cannon's pivot at the bottom of the sea. */
export const CANNON = { x: 180, y: 292 };

/** Each fish facing left, centred on 0,0; bigger and brighter the more it pays. */
const FISH_ART: Record<Fish, string> = {
  CLOWNFISH:
    '<path d="M16 0 28-11 26 0 28 11Z" fill="#ea580c" stroke="#111" stroke-width="1.5"/>' +
    '<ellipse rx="20" ry="12" fill="#f97316" stroke="#111" stroke-width="1.5"/>' +
    '<path d="M-12-10Q-6 0-12 10L-7 11Q-1 0-7-11ZM3-12Q9 0 3 12L8 11Q14 0 8-11Z" fill="#fff" stroke="#111"/>' +
    '<path d="M-2-11 6-19 10-10Z" fill="#ea580c" stroke="#111"/>' +
    '<circle cx="-13" cy="-3" r="3" fill="#fff"/><circle cx="-13.5" cy="-3" r="1.6" fill="#111"/>',
  PUFFER:
    '<path d="M16 0 27-9 25 0 27 9Z" fill="#ca8a04"/>' +
    `<g stroke="#a16207" stroke-width="2.5" stroke-linecap="round">${Array.from(
      { length: 14 },
      (_, i) => {
        const a = (i / 14) * Math.PI * 2;
        const [c, s] = [Math.cos(a), Math.sin(a)];
        return `<path d="M${(c * 17).toFixed(1)} ${(s * 17).toFixed(1)}L${(c * 24).toFixed(1)} ${(s * 24).toFixed(1)}"/>`;
      },
    ).join('')}</g>` +
    '<circle r="19" fill="#facc15" stroke="#a16207" stroke-width="1.5"/>' +
    '<path d="M-16 6Q0 20 16 6Q0 12-16 6Z" fill="#fef9c3"/>' +
    '<circle cx="-7" cy="-6" r="6" fill="#fff" stroke="#a16207"/><circle cx="-8.5" cy="-6" r="3" fill="#111"/>' +
    '<circle cx="-18" cy="3" r="3" fill="#f97316"/><path d="M2 2 12-4 10 6Z" fill="#eab308"/>',
  TURTLE:
    '<g fill="#15803d"><ellipse cx="-14" cy="-17" rx="13" ry="6" transform="rotate(-30 -14 -17)"/>' +
    '<ellipse cx="-14" cy="17" rx="13" ry="6" transform="rotate(30 -14 17)"/>' +
    '<ellipse cx="16" cy="-14" rx="9" ry="5" transform="rotate(30 16 -14)"/>' +
    '<ellipse cx="16" cy="14" rx="9" ry="5" transform="rotate(-30 16 14)"/><path d="M24 0 34-4 34 4Z"/></g>' +
    '<circle cx="-31" r="9" fill="#4ade80" stroke="#15803d" stroke-width="1.5"/>' +
    '<circle cx="-34" cy="-3" r="2" fill="#111"/>' +
    '<ellipse rx="25" ry="19" fill="#65a30d" stroke="#3f6212" stroke-width="3"/>' +
    '<g fill="none" stroke="#3f6212" stroke-width="2"><path d="M-7-8H7L11 0 7 8H-7L-11 0Z"/>' +
    '<path d="M-7-8-12-17M7-8 12-17M-7 8-12 17M7 8 12 17M-11 0H-24M11 0H24"/></g>',
  SHARK:
    '<path d="M-6-15 6-38 18-14Z" fill="#475569"/>' +
    '<path d="M-58 2Q-44-17 0-17Q32-17 44-5L60-26 55 0 60 22 44 5Q30 15 0 15Q-42 15-58 2Z" fill="#64748b" stroke="#334155" stroke-width="1.5"/>' +
    '<path d="M-54 4Q-30 15 0 14Q28 13 42 4Q10 8-54 4Z" fill="#e2e8f0"/>' +
    '<path d="M-12 9 2 30 8 10Z" fill="#475569"/>' +
    '<path d="M-30-6-28 4M-25-6-23 4M-20-6-18 4" stroke="#334155" stroke-width="1.5"/>' +
    '<circle cx="-42" cy="-5" r="2.5" fill="#111"/><path d="M-54 6Q-46 9-38 6" fill="none" stroke="#334155"/>',
  WHALE:
    '<path d="M-66 6Q-66-30-12-30Q38-30 48-6L68-28Q74-10 62 0Q74 12 68 26L48 8Q30 30-20 28Q-66 28-66 6Z" fill="#1d4ed8" stroke="#1e3a8a" stroke-width="2"/>' +
    '<path d="M-62 12Q-40 27-8 26Q30 24 44 8Q0 18-62 12Z" fill="#bfdbfe"/>' +
    '<path d="M-50 17H10M-46 21H2" stroke="#93c5fd" stroke-width="1.5"/>' +
    '<path d="M-20 16Q-8 34 6 30Q-2 24-8 14Z" fill="#1e40af"/>' +
    '<circle cx="-44" cy="2" r="3.5" fill="#fff"/><circle cx="-45" cy="2" r="2" fill="#111"/>' +
    '<path d="M-18-30Q-22-44-32-46M-18-30Q-16-46-6-48M-18-30V-50" fill="none" stroke="#7dd3fc" stroke-width="3" stroke-linecap="round"/>',
  GOLDEN_DRAGON:
    '<circle r="40" fill="url(#glow)"/>' +
    '<path d="M46-4 62-16 58 0 64 14Z" fill="#dc2626"/>' +
    '<path d="M-34 0C-18-26 0 24 18 0S40-18 50-4" fill="none" stroke="#b45309" stroke-width="17" stroke-linecap="round"/>' +
    '<path d="M-34 0C-18-26 0 24 18 0S40-18 50-4" fill="none" stroke="#fbbf24" stroke-width="13" stroke-linecap="round"/>' +
    '<path d="M-34 0C-18-26 0 24 18 0S40-18 50-4" fill="none" stroke="#fef08a" stroke-width="3" stroke-dasharray="3 5"/>' +
    '<path d="M-24-15-20-25-14-15M-4-4 0-14 4-3M24-8 30-18 34-8" fill="#dc2626"/>' +
    '<path d="M-40-8Q-44-26-32-30M-34-9Q-34-24-24-26" fill="none" stroke="#92400e" stroke-width="3" stroke-linecap="round"/>' +
    '<ellipse cx="-42" cy="0" rx="15" ry="11" fill="#f59e0b" stroke="#b45309" stroke-width="2"/>' +
    '<path d="M-56 4Q-66 10-70 4M-56 6Q-64 16-72 14" fill="none" stroke="#fde68a" stroke-width="1.5"/>' +
    '<circle cx="-46" cy="-3" r="3" fill="#dc2626"/><circle cx="-46" cy="-3" r="1.2" fill="#111"/>' +
    '<path d="M-57 5H-48" stroke="#92400e" stroke-width="2"/>',
};

/** A fish's picture for its chooser button. */
export function fishIcon(fish: Fish): string {
  const { w, h } = FISH_SPOTS[fish];
  const side = Math.max(w, h) + 8;
  return `<svg class="icon" viewBox="${-side / 2} ${-side / 2} ${side} ${side}" aria-hidden="true" focusable="false">${FISH_ART[fish]}</svg>`;
}

const SEA_DEFS =
  '<defs><linearGradient id="sea" x2="0" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset=".45" stop-color="#0369a1"/><stop offset="1" stop-color="#082f49"/></linearGradient>' +
  '<radialGradient id="glow"><stop offset="0" stop-color="#fde047" stop-opacity=".7"/><stop offset="1" stop-color="#fde047" stop-opacity="0"/></radialGradient>' +
  '<pattern id="mesh" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0H8M0 0V8" stroke="#f8fafc" stroke-width="1.4"/></pattern></defs>';

/** The sea with its fish, the cannon, the shot, the net and the payout as the script moves them. */
export function fishingScene(fish: readonly Fish[], label: string): string {
  const rays = [40, 130, 230, 310]
    .map((x) => `<path d="M${x} 0h26l${x > 180 ? -50 : 50} 240h-26Z" fill="#fff" opacity=".07"/>`)
    .join('');
  const bubbles = [30, 150, 210, 340]
    .map(
      (x, i) =>
        `<circle class="bubble" style="--d:${5 + i}s;--o:${-i * 1.3}s" cx="${x}" cy="280" r="${3 + (i % 3)}" fill="none" stroke="#e0f2fe" stroke-width="1.5" opacity=".7"/>`,
    )
    .join('');
  const weeds = [14, 44, 200, 336]
    .map(
      (x, i) =>
        `<path class="weed" style="--o:${-i * 0.7}s" d="M${x} 300Q${x - 12} 270 ${x} 250T${x} ${200 + (i % 2) * 20}" fill="none" stroke="${i % 2 ? '#16a34a' : '#15803d'}" stroke-width="6" stroke-linecap="round"/>`,
    )
    .join('');
  const swimmers = fish
    .map((kind, i) => {
      const { x, y, w, h } = FISH_SPOTS[kind];
      return (
        `<g class="fish" data-fish="${kind}" transform="translate(${x} ${y})">` +
        `<g class="act"><g class="swim" style="--d:${4 + (i % 3)}s;--o:${-i * 0.9}s">${FISH_ART[kind]}</g></g>` +
        `<rect class="hit" x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" fill="transparent"/></g>`
      );
    })
    .join('');
  return (
    `<svg class="scene-art" viewBox="0 0 360 300" role="img" aria-label="${escapeMarkup(label)}">${SEA_DEFS}` +
    '<rect width="360" height="300" fill="url(#sea)"/>' +
    rays +
    '<path d="M0 272Q60 258 120 270T240 266T360 270V300H0Z" fill="#d6b27a"/>' +
    '<path d="M0 284Q90 276 180 286T360 282V300H0Z" fill="#c29a5c"/>' +
    '<ellipse cx="132" cy="276" rx="22" ry="10" fill="#78716c"/><ellipse cx="250" cy="280" rx="16" ry="8" fill="#57534e"/>' +
    '<path d="M316 276Q312 252 322 244M322 262Q332 250 330 238" fill="none" stroke="#fb7185" stroke-width="5" stroke-linecap="round"/>' +
    weeds +
    bubbles +
    swimmers +
    '<g class="aim" opacity="0"><circle r="30" fill="none" stroke="#fde047" stroke-width="2.5" stroke-dasharray="8 5"/>' +
    '<path d="M0-38V-24M0 24V38M-38 0H-24M24 0H38" stroke="#fde047" stroke-width="2.5"/></g>' +
    '<g class="net" opacity="0"><circle r="30" fill="url(#mesh)" stroke="#f8fafc" stroke-width="3"/></g>' +
    '<circle class="shot" r="6" fill="#fde047" stroke="#f59e0b" stroke-width="2" opacity="0"/>' +
    `<g transform="translate(${CANNON.x} ${CANNON.y})"><g class="barrel">` +
    '<rect x="-8" y="-46" width="16" height="40" rx="4" fill="#94a3b8" stroke="#334155" stroke-width="2"/>' +
    '<rect x="-10" y="-50" width="20" height="8" rx="3" fill="#fcd34d" stroke="#92400e" stroke-width="1.5"/></g>' +
    '<path d="M-30 8A30 30 0 0 1 30 8Z" fill="#334155" stroke="#fcd34d" stroke-width="3"/>' +
    '<circle cy="-2" r="6" fill="#fcd34d"/></g>' +
    '<text class="payout" x="180" y="150" text-anchor="middle" font-size="22" font-weight="800" fill="#fde047" stroke="#422006" stroke-width="4" paint-order="stroke" opacity="0"></text>' +
    '</svg>'
  );
}

/** A suit drawn in a 20 x 20 box centred on 0,0. */
const SUIT_ART: Record<Suit, string> = {
  H: '<path d="M0 9C-13 0-10-10-5-9-2-9 0-6 0-4 0-6 2-9 5-9 10-10 13 0 0 9Z"/>',
  D: '<path d="M0-10 8 0 0 10-8 0Z"/>',
  S: '<path d="M0-10C-13-1-9 8-3 5-2 5-1 4 0 3L-3 10H3L0 3C1 4 2 5 3 5 9 8 13-1 0-10Z"/>',
  C: '<circle cy="-5" r="4.6"/><circle cx="-5.2" cy="2" r="4.6"/><circle cx="5.2" cy="2" r="4.6"/><path d="M0 0-3 10H3Z"/>',
};

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A card (44 x 62, top left at 0,0) face up, or its back; rank 1 is the ace, 13 the king. */
export function cardArt(rank: number, suit: Suit): string {
  const colour = suit === 'H' || suit === 'D' ? '#dc2626' : '#111827';
  const name = RANKS[rank - 1] ?? String(rank);
  const court =
    rank > 10
      ? `<rect x="11" y="16" width="22" height="30" rx="3" fill="none" stroke="${colour}" stroke-width="1.5"/>` +
        `<text x="22" y="37" font-size="15" font-weight="800" text-anchor="middle" fill="${colour}">${name}</text>`
      : `<g transform="translate(22 33) scale(1.15)">${SUIT_ART[suit]}</g>`;
  return (
    `<g fill="${colour}"><rect width="44" height="62" rx="5" fill="#fff" stroke="#cbd5e1"/>` +
    `<text x="4" y="14" font-size="13" font-weight="800" font-family="system-ui,sans-serif">${name}</text>` +
    `<g transform="translate(9 21) scale(.42)">${SUIT_ART[suit]}</g>` +
    `<g transform="translate(35 51) scale(-.42)">${SUIT_ART[suit]}</g>${court}</g>`
  );
}

/** The back of a card. */
export const CARD_BACK =
  '<rect width="44" height="62" rx="5" fill="#991b1b" stroke="#fff" stroke-width="2"/>' +
  '<rect x="5" y="5" width="34" height="52" rx="3" fill="url(#back)" stroke="#fca5a5"/>';

/** Where the player's and the banker's cards lie; the third is turned sideways. */
export const CARD_SLOTS = {
  PLAYER: [
    { x: 22, y: 86 },
    { x: 68, y: 86 },
    { x: 114, y: 96, turned: true },
  ],
  BANKER: [
    { x: 194, y: 86 },
    { x: 240, y: 86 },
    { x: 286, y: 96, turned: true },
  ],
} as const;

/** The shoe the cards come from, top right of the table. */
export const SHOE = { x: 296, y: 14 };

/** The green table: the player's box (blue), the banker's (red), the tie pill and the shoe. */
export function baccaratScene(sides: Record<string, string>, label: string): string {
  const box = (side: 'PLAYER' | 'BANKER', x: number, colour: string) =>
    `<g class="box" data-side="${side}"><rect x="${x}" y="58" width="160" height="128" rx="14" fill="#ffffff0d" stroke="${colour}" stroke-width="3"/>` +
    `<text x="${x + 80}" y="78" text-anchor="middle" font-size="15" font-weight="800" fill="${colour}">${escapeMarkup(sides[side] ?? side)}</text>` +
    `<g class="total" opacity="0"><circle cx="${x + 80}" cy="170" r="15" fill="${colour}"/>` +
    `<text x="${x + 80}" y="176" text-anchor="middle" font-size="17" font-weight="800" fill="#fff"></text></g></g>`;
  return (
    `<svg class="scene-art" viewBox="0 0 360 240" role="img" aria-label="${escapeMarkup(label)}">` +
    '<defs><radialGradient id="felt" cy=".3" r=".9"><stop offset="0" stop-color="#16a34a"/><stop offset="1" stop-color="#14532d"/></radialGradient>' +
    '<pattern id="back" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0H6M0 0V6" stroke="#fca5a5"/></pattern></defs>' +
    '<rect width="360" height="240" rx="18" fill="#78350f"/>' +
    '<rect x="6" y="6" width="348" height="228" rx="14" fill="url(#felt)" stroke="#fcd34d" stroke-width="1.5"/>' +
    '<path d="M40 44Q180 18 320 44" fill="none" stroke="#fcd34d" stroke-width="1" opacity=".6"/>' +
    `<g class="timer-bar"><rect x="20" y="22" width="140" height="8" rx="4" fill="#052e16"/><rect class="left" x="20" y="22" width="140" height="8" rx="4" fill="#fcd34d"/></g>` +
    `<g transform="translate(${SHOE.x} ${SHOE.y})"><rect x="-4" y="-2" width="52" height="40" rx="6" fill="#1f2937" stroke="#fcd34d"/>` +
    `<g transform="translate(4 -6) rotate(-8)">${CARD_BACK.replace('height="62"', 'height="40"').replace('height="52"', 'height="30"')}</g></g>` +
    box('PLAYER', 14, '#60a5fa') +
    box('BANKER', 186, '#f87171') +
    `<g class="box" data-side="TIE"><rect x="140" y="196" width="80" height="30" rx="15" fill="#ffffff0d" stroke="#4ade80" stroke-width="2"/>` +
    `<text x="180" y="216" text-anchor="middle" font-size="14" font-weight="800" fill="#4ade80">${escapeMarkup(sides.TIE ?? 'TIE')}</text></g>` +
    '<g class="cards"></g>' +
    '</svg>'
  );
}

/** A rooster facing right, feet at 0,0; `plumage` is its body, `hackle` its neck, `tail` its tail. */
function roosterArt(plumage: string, hackle: string, tail: string): string {
  return (
    '<ellipse cy="2" rx="30" ry="6" fill="#000" opacity=".25"/>' +
    `<g fill="none" stroke="${tail}" stroke-width="7" stroke-linecap="round">` +
    '<path d="M-20-42Q-46-66-40-20"/><path d="M-16-40Q-52-52-44-10"/><path d="M-14-36Q-36-30-36-4"/></g>' +
    '<path d="M-4-16-8-1M8-16 10-1" stroke="#eab308" stroke-width="4" stroke-linecap="round"/>' +
    '<path d="M-14 0H-2M2 0H16" stroke="#eab308" stroke-width="3" stroke-linecap="round"/>' +
    '<path d="M-7-7-15-9" stroke="#e5e7eb" stroke-width="2"/>' +
    `<path d="M-24-30Q-22-14 0-13Q20-14 20-30Q16-46-6-46Q-24-46-24-30Z" fill="${plumage}" stroke="#111" stroke-width="1.5"/>` +
    `<path d="M-14-34Q-4-24 10-30Q0-34-4-42Z" fill="${tail}" opacity=".75"/>` +
    `<path d="M4-42Q6-62 16-66Q26-62 24-50Q22-38 14-34Z" fill="${hackle}" stroke="#111" stroke-width="1.5"/>` +
    '<path d="M10-70Q12-78 16-72Q19-80 22-72Q26-77 26-68Z" fill="#dc2626"/>' +
    '<path d="M25-64 34-61 25-58Z" fill="#f59e0b"/>' +
    '<path d="M24-57Q28-50 23-49Q20-52 22-57Z" fill="#dc2626"/>' +
    '<circle cx="20" cy="-64" r="2.6" fill="#fff"/><circle cx="20.8" cy="-64" r="1.3" fill="#111"/>'
  );
}

/** The pit: the crowd, the sand ring, meron's red rooster on the left and wala's blue on the right. */
export function cockfightScene(sides: Record<string, string>, label: string): string {
  const crowd = Array.from({ length: 17 }, (_, i) => {
    const x = 10 + i * 21;
    const y = 52 + (i % 2) * 8;
    return `<circle cx="${x}" cy="${y}" r="8"/><rect x="${x - 10}" y="${y + 6}" width="20" height="20" rx="8"/>`;
  }).join('');
  const pill = (side: 'MERON' | 'WALA', x: number, colour: string) =>
    `<g class="box" data-side="${side}"><rect x="${x}" y="10" width="110" height="30" rx="15" fill="${colour}" stroke="#fff" stroke-width="2"/>` +
    `<text x="${x + 55}" y="31" text-anchor="middle" font-size="16" font-weight="800" fill="#fff">${escapeMarkup(sides[side] ?? side)}</text></g>`;
  const rooster = (
    side: 'MERON' | 'WALA',
    x: number,
    flip: boolean,
    colours: [string, string, string],
  ) =>
    `<g class="rooster" data-side="${side}" transform="translate(${x} 194) scale(${flip ? -1.35 : 1.35} 1.35)">` +
    `<g class="act"><g class="idle">${roosterArt(...colours)}</g></g></g>`;
  return (
    `<svg class="scene-art" viewBox="0 0 360 240" role="img" aria-label="${escapeMarkup(label)}">` +
    '<defs><radialGradient id="sand" cy=".4"><stop offset="0" stop-color="#e7c48a"/><stop offset="1" stop-color="#a87b45"/></radialGradient>' +
    '<radialGradient id="spot" cy="0" r="1"><stop offset="0" stop-color="#fef3c7" stop-opacity=".35"/><stop offset="1" stop-color="#fef3c7" stop-opacity="0"/></radialGradient></defs>' +
    '<rect width="360" height="240" fill="#1c1917"/>' +
    `<g fill="#44403c">${crowd}</g>` +
    '<ellipse cx="180" cy="176" rx="176" ry="62" fill="#78350f"/>' +
    '<ellipse cx="180" cy="178" rx="164" ry="54" fill="url(#sand)"/>' +
    '<ellipse cx="180" cy="178" rx="164" ry="54" fill="none" stroke="#fef3c7" stroke-width="1" stroke-dasharray="4 6" opacity=".5"/>' +
    '<path d="M90 0H270L340 240H20Z" fill="url(#spot)"/>' +
    pill('MERON', 14, '#dc2626') +
    pill('WALA', 236, '#2563eb') +
    '<g class="dust" opacity="0"><circle cx="170" cy="170" r="10" fill="#e7c48a"/><circle cx="190" cy="166" r="13" fill="#d6b27a"/><circle cx="182" cy="178" r="9" fill="#e7c48a"/></g>' +
    rooster('MERON', 96, false, ['#dc2626', '#f97316', '#7f1d1d']) +
    rooster('WALA', 264, true, ['#2563eb', '#93c5fd', '#1e3a8a']) +
    '<text class="banner" x="180" y="94" text-anchor="middle" font-size="24" font-weight="800" fill="#fde047" stroke="#1c1917" stroke-width="5" paint-order="stroke"></text>' +
    '</svg>'
  );
}
