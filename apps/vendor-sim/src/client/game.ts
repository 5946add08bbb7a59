// The script of every game page: reads the page's config, calls the sim's own API with the
// launch token and shows the outcomes and the balance the platform answered.
import { formatDisplayAmount } from '@app/shared/money';
import { FISH } from '../games/fishing.js';
import { SLOT_LINES } from '../games/slot.js';
import type { PageConfig } from '../pages/game-page.js';

const config = JSON.parse(document.getElementById('game-config')!.textContent) as PageConfig;
const { texts } = config;
const root = document.getElementById('game')!;
const balanceView = document.querySelector<HTMLElement>('[data-testid=balance]')!;

const SYMBOL_LABELS: Record<string, string> = {
  SEVEN: '7',
  BAR: 'BAR',
  BELL: '🔔',
  PLUM: '🍑',
  LEMON: '🍋',
  CHERRY: '🍒',
};
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

/** Sends one play request with the chosen stake and shows what came back. */
function onPlay<Outcome>(path: string, extra: () => object, show: (outcome: Outcome) => void) {
  playButton.addEventListener('click', () => {
    playButton.disabled = true;
    void api<Played<Outcome>>(path, { stake: stakes.value(), ...extra() }).then((answer) => {
      playButton.disabled = false;
      if ('error' in answer) return sayError(answer.error);
      showBalance(answer.balance);
      if (!answer.ok) return sayError(answer.status ?? 'OTHER');
      if (answer.outcome) show(answer.outcome);
    });
  });
}

function sayWin(win: number) {
  say(win > 0 ? `${texts.win} ${money(win)}` : texts.lose);
}

function slot() {
  const cells = Array.from({ length: 9 }, () =>
    element('div', { className: 'cell', textContent: '?' }),
  );
  const board = element('div', { className: 'board reels' }, cells);
  board.dataset.testid = 'reels';
  onPlay<{ window: string[][]; winningLines: number[]; win: number }>(
    '/api/slot/spin',
    () => ({}),
    (outcome) => {
      cells.forEach((cell, i) => {
        const row = Math.floor(i / 3);
        const reel = i % 3;
        cell.textContent = SYMBOL_LABELS[outcome.window[row]?.[reel] ?? ''] ?? '?';
        const hit = outcome.winningLines.some((line) => SLOT_LINES[line]?.[reel] === row);
        cell.classList.toggle('hit', hit);
      });
      sayWin(outcome.win);
    },
  );
  root.append(board, stakes.row, playButton, status);
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
