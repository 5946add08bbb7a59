import { createHash } from 'node:crypto';

/**
 * Draws a game's tile image as SVG: a gradient in colours taken from the game code, a motif of
 * its game type, its name and its vendor code. The demo catalogue uses these instead of images
 * fetched from elsewhere; an operator's own icon URL replaces them.
 */

export type GameArt = { vendorCode: string; gameCode: string; gameType: string; name: string };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Splits a name into at most two lines of about `width` characters. */
function lines(name: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  if (out.length <= 2) return out;
  return [
    out[0]!,
    `${out
      .slice(1)
      .join(' ')
      .slice(0, width - 1)}…`,
  ];
}

/** A few shapes that say what kind of game it is, on a 240 x 240 grid, drawn faintly in white. */
const BALLS =
  '<circle cx="145" cy="60" r="24"/><circle cx="195" cy="60" r="24"/><circle cx="170" cy="105" r="24"/>';
const CARDS =
  '<rect x="125" y="25" width="55" height="78" rx="7"/><rect x="165" y="45" width="55" height="78" rx="7"/>';
const MOTIFS: Record<string, string> = {
  RNG: '<circle cx="170" cy="70" r="44"/><circle cx="60" cy="52" r="22"/><rect x="130" y="130" width="72" height="44" rx="10"/>',
  FISH: '<path d="M80 90 q60 -50 120 0 q-60 50 -120 0 z m0 0 l-40 -25 v50 z"/>',
  LIVE: CARDS,
  PVP: CARDS,
  COCKFIGHT: '<circle cx="172" cy="66" r="34"/><path d="M140 100 L210 100 L175 160 Z"/>',
  SPORTS: '<circle cx="172" cy="72" r="48"/>',
  ESPORTS: '<rect x="120" y="40" width="96" height="58" rx="20"/>',
  LOTT: BALLS,
  ELOTT: BALLS,
};

/** The SVG of a game's tile; `large` is the wide image (lagerIcon), otherwise a square. */
export function renderGameIcon(art: GameArt, large: boolean): string {
  const digest = createHash('sha256').update(art.gameCode).digest();
  const hue = Math.round((digest[0]! / 255) * 360);
  const hue2 = (hue + 40 + Math.round((digest[1]! / 255) * 80)) % 360;
  const [width, height] = large ? [480, 320] : [240, 240];
  const fontSize = large ? 34 : 24;
  const text = lines(art.name, large ? 20 : 14)
    .map(
      (line, i, all) =>
        `<text x="16" y="${height - 24 - (all.length - 1 - i) * (fontSize + 6)}" font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const motif = MOTIFS[art.gameType] ?? MOTIFS.RNG!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(art.name)}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 25%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<g fill="#fff" fill-opacity="0.18" transform="scale(${width / 240} ${height / 240})">${motif}</g>` +
    `<rect x="12" y="12" width="${art.vendorCode.length * 11 + 16}" height="26" rx="13" fill="#000" fill-opacity="0.35"/>` +
    `<text x="20" y="30" font-size="15" font-weight="700" fill="#fff">${escapeXml(art.vendorCode)}</text>` +
    text +
    `</svg>`
  );
}
