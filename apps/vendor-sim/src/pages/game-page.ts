import { slotSymbolArt, SYMBOL_VIEW_BOX } from '@app/games/slot-art';
import type { Language } from '@app/shared';
import { STAKES, type GameKind } from '../games/catalog.js';
import { FISH_KINDS, type Fish } from '../games/fishing.js';
import type { SlotTheme, SlotVariant } from '../games/slot.js';
import type { SlotGame } from '../games/slot-catalog.js';
import { baccaratScene, cockfightScene, fishingScene } from './scene-art.js';
import { gameTexts, SESSION_ENDED, SLOT_TITLES, type GameTexts } from './texts.js';

/** The slot's reels and lines as the page script draws and spins them. */
export interface SlotView {
  theme: SlotTheme;
  symbols: readonly string[];
  reels: readonly (readonly string[])[];
  lines: readonly (readonly number[])[];
}

/** What the page script needs, embedded in the page as JSON. */
export interface PageConfig {
  kind: GameKind;
  token: string;
  language: Language;
  currency: string;
  lobbyUrl: string;
  stakes: number[];
  sides: string[];
  texts: GameTexts;
  slot: SlotView | null;
}

/** What a game page is rendered from: the launch, and for a slot the game it plays. */
export interface GamePageInput {
  kind: GameKind;
  token: string;
  language: Language;
  currency: string;
  lobbyUrl: string;
  sides: string[];
  slot: SlotGame | null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.4 system-ui,sans-serif;background:var(--bg,#0d1b2a);color:#f1f5f9}
header{display:flex;align-items:center;gap:8px;padding:10px 12px;background:var(--bar,#1b263b)}
header h1{flex:1;margin:0;font-size:17px}
header a{color:#fcd34d;text-decoration:none;min-height:44px;display:inline-flex;align-items:center}
.balance{font-weight:700;color:#fcd34d}
main,aside{max-width:520px;margin:0 auto;padding:12px}
.layout{margin:0;text-align:center;font-size:13px;opacity:.8}
.board{display:grid;gap:6px;margin:8px 0;text-align:center}
.reels{grid-template-columns:repeat(var(--reels,3),1fr);padding:8px;border-radius:12px;background:var(--window,#0b1320);box-shadow:inset 0 0 0 3px #fcd34d55}
.reel{position:relative;overflow:hidden;aspect-ratio:1/3;border-radius:8px;background:var(--cell,#f8fafc)}
.strip{display:flex;flex-direction:column;will-change:transform}
.cell{position:relative;aspect-ratio:1;display:grid;place-items:center;padding:8%;border-radius:8px}
.pic{width:100%;height:100%;display:block}
.cell.hit{background:#fde68a;box-shadow:inset 0 0 0 3px #ca8a04;animation:pulse .6s ease-in-out 3}
@keyframes pulse{50%{transform:scale(1.1)}}
.win-amount{min-height:1.6em;margin:4px 0 0;text-align:center;font-size:24px;font-weight:800;color:#fcd34d}
.choices{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0}
.choices button{flex:1 1 30%;min-height:44px}
button{border:0;border-radius:8px;padding:10px;background:#415a77;color:#f1f5f9;font:inherit}
button[aria-pressed=true]{background:#ca8a04;color:#111}
button.play{width:100%;min-height:48px;background:#16a34a;font-weight:700;font-size:17px}
button:disabled{opacity:.5}
.status{min-height:3em;margin:8px 0;text-align:center}
.status.error{color:#fca5a5}
.timer{text-align:center;font-weight:700}
.paytable h2{margin:0 0 6px;font-size:16px}
.paytable ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:6px}
.paytable li{display:flex;align-items:center;gap:8px;padding:4px;border-radius:8px;background:#ffffff14}
.paytable .pic{width:40px;height:40px;flex:none;padding:3px;border-radius:6px;background:var(--cell,#f8fafc)}
.paytable .pays{display:grid;font-size:12px}
.paytable p{font-size:12px;opacity:.8}
.scene{margin:8px 0;border-radius:14px;overflow:hidden;box-shadow:0 0 0 3px #fcd34d55;background:#0b1320}
.scene-art{display:block;width:100%;height:auto;font-family:system-ui,sans-serif;user-select:none}
.fish{cursor:pointer}
.swim{animation:swim var(--d,5s) ease-in-out var(--o,0s) infinite alternate}
@keyframes swim{from{transform:translate(-7px,-3px)}to{transform:translate(7px,3px)}}
.bubble{animation:rise var(--d,6s) linear var(--o,0s) infinite}
@keyframes rise{from{transform:translateY(0);opacity:.8}to{transform:translateY(-250px);opacity:0}}
.weed{transform-box:fill-box;transform-origin:50% 100%;animation:sway 3.5s ease-in-out var(--o,0s) infinite alternate}
@keyframes sway{from{transform:rotate(-5deg)}to{transform:rotate(5deg)}}
.barrel{transition:transform .35s ease-out}
.aim{transition:transform .35s ease-out,opacity .2s}
.fish.aimed .act{filter:drop-shadow(0 0 5px #fde047)}
.idle{animation:bob 1.4s ease-in-out infinite alternate}
@keyframes bob{to{transform:translateY(-3px)}}
.box.won rect{stroke:#fde047;stroke-width:5;filter:drop-shadow(0 0 6px #fde047)}
.cards.past{opacity:.45}
.choices .icon{width:30px;height:30px;flex:none}
.choices button:has(.icon){display:flex;align-items:center;gap:4px;justify-content:center;text-align:left;line-height:1.15}
@media (prefers-reduced-motion:reduce){.cell.hit{animation:none}.strip{transition:none!important}
.swim,.bubble,.weed,.idle{animation:none}.barrel,.aim{transition:none}}
`;

/** Each theme's colours: page, header, reel window and cell. */
const THEME_COLOURS: Record<SlotTheme, [string, string, string, string]> = {
  sevens: ['#1e1b4b', '#312e81', '#0f0d2e', '#f8fafc'],
  fruits: ['#14532d', '#166534', '#052e16', '#fefce8'],
  gems: ['#3b0764', '#581c87', '#1e0336', '#f5f3ff'],
  dragons: ['#450a0a', '#7f1d1d', '#1c0404', '#fef3c7'],
  ocean: ['#082f49', '#075985', '#031c2e', '#e0f2fe'],
};

/** The theme's symbols as <symbol> elements the reels and the paytable <use>. */
function symbolSprite(variant: SlotVariant): string {
  const symbols = variant.symbols
    .map((s) => `<symbol id="sym-${s}" viewBox="${SYMBOL_VIEW_BOX}">${slotSymbolArt(s)}</symbol>`)
    .join('');
  return `<svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">${symbols}</svg>`;
}

function symbolPicture(symbol: string, name: string): string {
  return `<svg class="pic" role="img" aria-label="${escapeHtml(name)}" viewBox="${SYMBOL_VIEW_BOX}"><use href="#sym-${symbol}"/></svg>`;
}

function slotHeading(variant: SlotVariant, texts: GameTexts): string {
  const layout = texts.layout
    .replace('{reels}', String(variant.reels.length))
    .replace('{lines}', String(variant.lines.length));
  return `<p class="layout" data-testid="slot-layout">${escapeHtml(layout)}</p>`;
}

/** Every symbol with what 3, 4, ... of a kind on a line pay, in line bets. */
function paytable(variant: SlotVariant, texts: GameTexts): string {
  const rows = variant.symbols
    .map((symbol) => {
      const pays = (variant.pays[symbol] ?? [])
        .map((pay, i) => `<span>${i + 3}× <b>×${pay}</b></span>`)
        .join('');
      return `<li>${symbolPicture(symbol, texts.symbols[symbol] ?? symbol)}<span class="pays">${pays}</span></li>`;
    })
    .join('');
  const rule = texts.payRule.replace('{lines}', String(variant.lines.length));
  return `<section class="paytable" data-testid="paytable"><h2>${escapeHtml(texts.paytable)}</h2>
<ul>${rows}</ul><p>${escapeHtml(rule)}</p></section>`;
}

/** The drawn scene of a fishing or table game, which the page script animates. */
function scene(kind: GameKind, sides: string[], texts: GameTexts): string {
  const art =
    kind === 'fishing'
      ? fishingScene(
          sides.filter((side): side is Fish => (FISH_KINDS as string[]).includes(side)),
          texts.scene,
        )
      : kind === 'baccarat'
        ? baccaratScene(texts.sides, texts.scene)
        : kind === 'cockfight'
          ? cockfightScene(texts.sides, texts.scene)
          : '';
  return art && `<div class="scene" data-testid="scene">${art}</div>`;
}

/** The server-rendered page of a game; the script (dist/public/game.js) makes it playable. */
export function renderGamePage(input: GamePageInput): string {
  const { slot, ...launch } = input;
  const base = gameTexts(input.kind, input.language);
  const variant = slot?.variant ?? null;
  const texts: GameTexts = variant
    ? { ...base, title: slot?.name ?? SLOT_TITLES[variant.theme][input.language] }
    : base;
  const full: PageConfig = {
    ...launch,
    texts,
    stakes: STAKES.map(Number),
    slot: variant && {
      theme: variant.theme,
      symbols: variant.symbols,
      reels: variant.reels,
      lines: variant.lines,
    },
  };
  const colours = variant ? THEME_COLOURS[variant.theme] : null;
  const themeStyle = colours
    ? `<style>body{--bg:${colours[0]};--bar:${colours[1]};--window:${colours[2]};--cell:${colours[3]}}</style>`
    : '';
  // JSON inside a script element: "<" escaped so no "</script>" can end it early.
  const json = JSON.stringify(full).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${input.language === 'TL' ? 'tl' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>${STYLE}</style>${themeStyle}
</head>
<body${variant ? ` data-theme="${variant.theme}"` : ''}>
${variant ? symbolSprite(variant) : ''}
<header>
<h1 data-testid="game-title">${escapeHtml(texts.title)}</h1>
<span>${escapeHtml(texts.balance)}: <span class="balance" data-testid="balance">…</span></span>
<a href="${escapeHtml(input.lobbyUrl)}" target="_top">${escapeHtml(texts.lobby)}</a>
</header>
<main id="game" data-kind="${input.kind}">${variant ? slotHeading(variant, texts) : scene(input.kind, input.sides, texts)}</main>
${variant ? `<aside>${paytable(variant, texts)}</aside>` : ''}
<script id="game-config" type="application/json">${json}</script>
<script src="/assets/game.js" defer></script>
</body>
</html>`;
}

/** The page shown for an unknown or forgotten launch token. */
export function renderSessionEndedPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Game</title>
<style>${STYLE}</style></head><body><main><p class="status error">${escapeHtml(SESSION_ENDED.EN)}</p>
<p class="status error" lang="tl">${escapeHtml(SESSION_ENDED.TL)}</p></main></body></html>`;
}
