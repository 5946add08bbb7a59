import type { Language } from '@app/shared';
import { STAKES, type GameKind } from '../games/catalog.js';
import { gameTexts, SESSION_ENDED, type GameTexts } from './texts.js';

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
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#0d1b2a;color:#f1f5f9}
header{display:flex;align-items:center;gap:8px;padding:10px 12px;background:#1b263b}
header h1{flex:1;margin:0;font-size:17px}
header a{color:#fcd34d;text-decoration:none}
.balance{font-weight:700;color:#fcd34d}
main{max-width:520px;margin:0 auto;padding:12px}
.board{display:grid;gap:6px;margin:8px 0;text-align:center}
.reels{grid-template-columns:repeat(3,1fr)}
.cell{padding:14px 0;border-radius:8px;background:#415a77;font-weight:700;font-size:13px}
.cell.hit{background:#ca8a04;color:#111}
.choices{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0}
.choices button{flex:1 1 30%;min-height:44px}
button{border:0;border-radius:8px;padding:10px;background:#415a77;color:#f1f5f9;font:inherit}
button[aria-pressed=true]{background:#ca8a04;color:#111}
button.play{width:100%;min-height:48px;background:#16a34a;font-weight:700;font-size:17px}
button:disabled{opacity:.5}
.status{min-height:3em;margin:8px 0;text-align:center}
.status.error{color:#fca5a5}
.timer{text-align:center;font-weight:700}
`;

/** The server-rendered page of a game; the script (dist/public/game.js) makes it playable. */
export function renderGamePage(config: Omit<PageConfig, 'texts' | 'stakes'>): string {
  const texts = gameTexts(config.kind, config.language);
  const full: PageConfig = { ...config, texts, stakes: STAKES.map(Number) };
  // JSON inside a script element: "<" escaped so no "</script>" can end it early.
  const json = JSON.stringify(full).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${config.language === 'TL' ? 'tl' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(texts.title)}</h1>
<span>${escapeHtml(texts.balance)}: <span class="balance" data-testid="balance">…</span></span>
<a href="${escapeHtml(config.lobbyUrl)}" target="_top">${escapeHtml(texts.lobby)}</a>
</header>
<main id="game" data-kind="${config.kind}"></main>
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
