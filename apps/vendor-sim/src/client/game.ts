// The script of every game page: reads the page's config, calls the sim's own API with the
// launch token and shows the outcomes and the balance the platform answered.
import { formatDisplayAmount } from '@app/shared/money';
import { FISH } from '../games/fishing.js';
import type { LineWin } from '../games/slot.js';
import type { PageConfig, SlotView } from '../pages/game-page.js';

const config = JSON.parse(document.getElementById('game-config')!.textContent) as PageConfig;
const { texts } = config;
const root = document.getElementById('game')!;
const balanceView = document.querySelector<HTMLElement>('[data-testid=balance]')!;

const SUITLESS_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function money(minor: number): string {
  return `${config.currency} ${formatDisplayAmount(BigInt(minor))}`;
}

function showBalance(balance: number | null) {
  if (balance !== null) balanceView.textContent = money(balance);
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const status = element('p', { className: 'status' });
status.setAttribute('role', 'status');
status.dataset.testid = 'status';

function say(text: string, isError = false) {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

function sayError(code: string) {
  say(texts.errors[code] ?? texts.errors.OTHER ?? code, true);
}

/** A row of buttons of which one is chosen; returns the current choice. */
function chooser(values: string[], label: (value: string) => string, testid: string) {
  let chosen = values[0] ?? '';
  const row = element('div', { className: 'choices' });
  row.dataset.testid = testid;
  const buttons = values.map((value) => {
    const button = element('button', { type: 'button', textContent: label(value) });
    button.dataset.value = value;
    button.addEventListener('click', () => {
      chosen = value;
      buttons.forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
    });
    return button;
  });
  buttons[0]?.setAttribute('aria-pressed', 'true');
  row.append(...buttons);
  return { row, value: () => chosen };
}

async function api<T>(path: string, body?: object): Promise<T | { error: string }> {
  try {
    const response = await fetch(path, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify({ token: config.token, ...body }) : null,
    });
    return (await response.json()) as T | { error: string };
  } catch {
    return { error: 'OTHER' };
  }
}

interface Played<Outcome> {
  ok: boolean;
  status?: string;
  balance: number | null;
  outcome?: Outcome;
}

const stakes = chooser(config.stakes.map(String), (s) => money(Number(s)), 'stakes');
const playButton = element('button', {
  type: 'button',
  className: 'play',
  textContent: texts.play,
});
playButton.dataset.testid = 'play';

/**
 * Sends one play request with the chosen stake and shows what came back: the outcome first (a
 * slot spins its reels to it), then the balance, and only then the button plays again.
 */
function onPlay<Outcome>(
  path: string,
  extra: () => object,
  show: (outcome: Outcome) => void | Promise<void>,
) {
  playButton.addEventListener('click', () => {
    playButton.disabled = true;
    say('');
    void api<Played<Outcome>>(path, { stake: stakes.value(), ...extra() }).then(async (answer) => {
      try {
        if ('error' in answer) return sayError(answer.error);
        if (!answer.ok) {
          showBalance(answer.balance);
          return sayError(answer.status ?? 'OTHER');
        }
        if (answer.outcome) await show(answer.outcome);
        showBalance(answer.balance);
      } finally {
        playButton.disabled = false;
      }
    });
  });
}

function sayWin(win: number) {
  say(win > 0 ? `${texts.win} ${money(win)}` : texts.lose);
}

const SVG = 'http://www.w3.org/2000/svg';
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A symbol's picture (drawn in the page's sprite), named for screen readers. */
function picture(symbol: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'pic');
  svg.setAttribute('viewBox', '0 0 64 64');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', texts.symbols[symbol] ?? symbol);
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#sym-${symbol}`);
  svg.append(use);
  return svg;
}

function symbolCell(symbol: string): HTMLDivElement {
  const cell = element('div', { className: 'cell' }, [picture(symbol)]);
  cell.dataset.symbol = symbol;
  return cell;
}

/** Counts the shown amount up from 0 to `win` (at once when motion is reduced). */
function countUp(view: HTMLElement, win: number) {
  if (win <= 0) {
    view.textContent = '';
    return;
  }
  const durationMs = 900;
  if (reducedMotion()) {
    view.textContent = money(win);
    return;
  }
  const start = performance.now();
  const frame = (now: number) => {
    const t = Math.min(1, (now - start) / durationMs);
    view.textContent = money(Math.round(win * (1 - (1 - t) ** 3)));
    if (t < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * The reels: each reel a strip of its real symbols; a spin lays out the strip from where the reel
 * stands to where it stops (one turn more per reel to the right) and slides it there with an
 * easing, the reels stopping one after the other.
 */
function slot() {
  const view = config.slot as SlotView;
  const rows = 3;
  // Before the first spin the reels stand at different places, not on a row of top symbols.
  const stops = view.reels.map((reel, r) => (r * 5) % reel.length);
  const strips = view.reels.map(() => element('div', { className: 'strip' }));
  const reels = strips.map((strip) => element('div', { className: 'reel' }, [strip]));
  const board = element('div', { className: 'board reels' }, reels);
  board.style.setProperty('--reels', String(view.reels.length));
  board.dataset.testid = 'reels';
  const winAmount = element('p', { className: 'win-amount' });
  winAmount.setAttribute('aria-hidden', 'true');
  winAmount.dataset.testid = 'win-amount';

  /** Shows the window at the reels' stops, the cells of `hits` (`reel:row`) lit. */
  function standStill(hits: ReadonlySet<string> = new Set()) {
    strips.forEach((strip, r) => {
      const reel = view.reels[r]!;
      strip.style.transition = '';
      strip.style.transform = '';
      strip.replaceChildren(
        ...Array.from({ length: rows }, (_, row) => {
          const cell = symbolCell(reel[(stops[r]! + row) % reel.length]!);
          cell.classList.toggle('hit', hits.has(`${r}:${row}`));
          return cell;
        }),
      );
    });
  }

  function spinTo(target: number[]): Promise<void> {
    if (reducedMotion()) {
      target.forEach((stop, r) => (stops[r] = stop));
      return Promise.resolve();
    }
    const done = strips.map((strip, r) => {
      const reel = view.reels[r]!;
      const steps = ((target[r]! - stops[r]! + reel.length) % reel.length) + reel.length * (1 + r);
      strip.replaceChildren(
        ...Array.from({ length: steps + rows }, (_, i) =>
          symbolCell(reel[(stops[r]! + i) % reel.length]!),
        ),
      );
      const durationMs = 900 + 350 * r;
      // Laid out at the start first, so the transform below is animated from there.
      void strip.offsetHeight;
      strip.style.transition = `transform ${durationMs}ms cubic-bezier(.15,.6,.25,1.04)`;
      strip.style.transform = `translateY(${(-100 * steps) / (steps + rows)}%)`;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, durationMs + 300);
        strip.addEventListener(
          'transitionend',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    });
    target.forEach((stop, r) => (stops[r] = stop));
    return Promise.all(done).then(() => undefined);
  }

  standStill();
  onPlay<{ stops: number[]; lineWins: LineWin[]; win: number }>(
    '/api/slot/spin',
    () => ({}),
    async (outcome) => {
      winAmount.textContent = '';
      await spinTo(outcome.stops);
      const hits = new Set<string>();
      for (const win of outcome.lineWins) {
        const line = view.lines[win.line] ?? [];
        for (let reel = 0; reel < win.count; reel += 1) hits.add(`${reel}:${line[reel]}`);
      }
      standStill(hits);
      board.dataset.stops = outcome.stops.join(',');
      sayWin(outcome.win);
      countUp(winAmount, outcome.win);
    },
  );
  root.append(board, winAmount, stakes.row, playButton, status);
}

function fishing() {
  const fish = chooser(
    config.sides,
    (f) => `${texts.sides[f] ?? f} ×${FISH[f as keyof typeof FISH]}`,
    'targets',
  );
  onPlay<{ caught: boolean; win: number }>(
    '/api/fishing/shoot',
    () => ({ fish: fish.value() }),
    (outcome) => sayWin(outcome.win),
  );
  root.append(fish.row, stakes.row, playButton, status);
}

interface TableView {
  phase: 'idle' | 'betting' | 'result';
  roundNo: number;
  msLeft: number;
  myBets: { side: string; amount: number }[];
  last: { roundNo: number; result: unknown; myWin: number | null } | null;
  balance: number | null;
}

function describeResult(result: unknown): string {
  if (typeof result === 'string') return texts.sides[result] ?? result;
  const hand = result as {
    player: number[];
    banker: number[];
    playerPoints: number;
    bankerPoints: number;
    winner: string;
  };
  const cards = (ranks: number[]) => ranks.map((r) => SUITLESS_RANKS[r - 1]).join(' ');
  return (
    `${texts.sides.PLAYER} ${cards(hand.player)} (${hand.playerPoints}) · ` +
    `${texts.sides.BANKER} ${cards(hand.banker)} (${hand.bankerPoints}) → ` +
    (texts.sides[hand.winner] ?? hand.winner)
  );
}

function table() {
  const timer = element('p', { className: 'timer' });
  timer.dataset.testid = 'timer';
  const sides = chooser(config.sides, (s) => texts.sides[s] ?? s, 'sides');
  const myBets = element('p');
  const lastResult = element('p');
  lastResult.dataset.testid = 'last-result';
  let shownRound = 0;
  playButton.addEventListener('click', () => {
    playButton.disabled = true;
    void api<Played<never>>('/api/table/bet', { stake: stakes.value(), side: sides.value() }).then(
      (answer) => {
        playButton.disabled = false;
        if ('error' in answer) return sayError(answer.error);
        showBalance(answer.balance);
        if (!answer.ok) sayError(answer.status ?? 'OTHER');
        else say('');
      },
    );
  });
  async function refresh() {
    const state = await api<{ balance: number | null; table: TableView }>(
      `/api/state?token=${encodeURIComponent(config.token)}`,
    );
    if ('error' in state) return sayError(state.error);
    const view = state.table;
    showBalance(view.balance);
    playButton.disabled = view.phase !== 'betting';
    timer.textContent =
      view.phase === 'betting'
        ? texts.bettingOpen.replace('{s}', String(Math.ceil(view.msLeft / 1000)))
        : texts.bettingClosed;
    myBets.textContent = view.myBets.length
      ? `${texts.yourBets}: ${view.myBets.map((b) => `${texts.sides[b.side] ?? b.side} ${money(b.amount)}`).join(', ')}`
      : '';
    if (view.last) {
      lastResult.textContent = `${texts.lastResult} #${view.last.roundNo}: ${describeResult(view.last.result)}`;
      if (view.last.myWin !== null && view.last.roundNo !== shownRound) {
        shownRound = view.last.roundNo;
        sayWin(view.last.myWin);
      }
    }
  }
  root.append(timer, sides.row, stakes.row, playButton, myBets, status, lastResult);
  void refresh();
  setInterval(() => void refresh(), 1000);
}

async function start() {
  switch (config.kind) {
    case 'slot':
      slot();
      break;
    case 'fishing':
      fishing();
      break;
    case 'baccarat':
    case 'cockfight':
      table();
      return;
  }
  const state = await api<{ balance: number | null }>(
    `/api/state?token=${encodeURIComponent(config.token)}`,
  );
  if ('error' in state) sayError(state.error);
  else showBalance(state.balance);
}

void start();
