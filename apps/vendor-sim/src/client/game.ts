// The script of every game page: reads the page's config, calls the sim's own API with the
// launch token and shows the outcomes and the balance the platform answered.
import { formatDisplayAmount } from '@app/shared/money';
import type { BaccaratHand, Suit } from '../games/baccarat.js';
import { FISH, type Fish } from '../games/fishing.js';
import type { LineWin } from '../games/slot.js';
import type { PageConfig, SlotView } from '../pages/game-page.js';
import {
  CANNON,
  CARD_BACK,
  CARD_SLOTS,
  cardArt,
  FISH_SPOTS,
  fishIcon,
  SHOE,
} from '../pages/scene-art.js';

const config = JSON.parse(document.getElementById('game-config')!.textContent) as PageConfig;
const { texts } = config;
const root = document.getElementById('game')!;
const balanceView = document.querySelector<HTMLElement>('[data-testid=balance]')!;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_SIGNS: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

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

/**
 * A row of buttons of which one is chosen (each with a drawn `icon` if given); returns the current
 * choice and a way to choose from elsewhere (a tap on the scene); `onChoose` hears every choice.
 */
function chooser(
  values: string[],
  label: (value: string) => string,
  testid: string,
  { icon, onChoose }: { icon?: (value: string) => string; onChoose?: (value: string) => void } = {},
) {
  let chosen = values[0] ?? '';
  const row = element('div', { className: 'choices' });
  row.dataset.testid = testid;
  const buttons = values.map((value) => {
    const button = element('button', { type: 'button', textContent: label(value) });
    if (icon) button.insertAdjacentHTML('afterbegin', icon(value));
    button.dataset.value = value;
    button.addEventListener('click', () => choose(value));
    return button;
  });
  function choose(value: string) {
    chosen = value;
    buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.value === value)));
    onChoose?.(value);
  }
  buttons[0]?.setAttribute('aria-pressed', 'true');
  row.append(...buttons);
  return { row, value: () => chosen, choose };
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
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', texts.scene);
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

const sceneArt = () => root.querySelector<SVGSVGElement>('.scene-art')!;

function part<T extends Element = SVGGElement>(scene: Element, selector: string): T {
  return scene.querySelector<T>(selector)!;
}

/**
 * Plays `keyframes` on a part of the scene and keeps its last frame; at once (the end state
 * only) when `animate` is off or motion is reduced.
 */
function move(
  target: Element,
  keyframes: Keyframe[],
  durationMs: number,
  animate = true,
  easing = 'ease-in-out',
): Promise<void> {
  const duration = animate && !reducedMotion() ? durationMs : 0;
  return target
    .animate(keyframes, { duration, easing, fill: 'forwards' })
    .finished.then(() => undefined)
    .catch(() => undefined);
}

function still(target: Element) {
  target.getAnimations().forEach((animation) => animation.cancel());
}

const at = (x: number, y: number, more = '') => `translate(${x}px, ${y}px) ${more}`;

/**
 * The sea: a chosen fish is aimed at (the cannon turns to it); a shot flies to it and the net
 * catches it with the payout rising, or it darts away; then a fish of its kind swims back in.
 */
function fishing() {
  const scene = sceneArt();
  const barrel = part(scene, '.barrel');
  const aim = part(scene, '.aim');
  const shot = part<SVGCircleElement>(scene, '.shot');
  const net = part(scene, '.net');
  const payout = part<SVGTextElement>(scene, '.payout');
  const spot = (kind: string) => FISH_SPOTS[kind as Fish];
  const swimmer = (kind: string) => part(scene, `.fish[data-fish="${kind}"]`);

  function aimAt(kind: string) {
    const { x, y } = spot(kind);
    scene
      .querySelectorAll('.fish')
      .forEach((f) => f.classList.toggle('aimed', f === swimmer(kind)));
    aim.style.transform = at(x, y);
    aim.setAttribute('opacity', '1');
    const degrees = (Math.atan2(x - CANNON.x, CANNON.y - y) * 180) / Math.PI;
    barrel.style.transform = `rotate(${degrees}deg)`;
  }

  async function shoot(kind: string, outcome: { caught: boolean; win: number }) {
    const { x, y } = spot(kind);
    const act = part(swimmer(kind), '.act');
    [shot, net, payout, act].forEach(still);
    const turn = (Math.atan2(x - CANNON.x, CANNON.y - y) * 180) / Math.PI;
    const rad = (turn * Math.PI) / 180;
    const muzzle = [CANNON.x + 48 * Math.sin(rad), CANNON.y - 48 * Math.cos(rad)] as const;
    await move(
      shot,
      [
        { transform: at(...muzzle), opacity: 1 },
        { transform: at(x, y), opacity: 1 },
      ],
      420,
      true,
      'ease-in',
    );
    still(shot);
    payout.setAttribute('x', String(Math.min(250, Math.max(110, x))));
    payout.setAttribute('y', String(Math.max(44, y - 20)));
    payout.textContent = outcome.caught
      ? texts.caught.replace('{amount}', money(outcome.win))
      : texts.escaped;
    payout.setAttribute('fill', outcome.caught ? '#fde047' : '#e0f2fe');
    const rise = move(
      payout,
      [
        { transform: 'translateY(0)', opacity: 1 },
        { transform: 'translateY(-10px)', opacity: 1, offset: 0.7 },
        // With reduced motion the text stays where it is until the next shot.
        reducedMotion()
          ? { transform: 'translateY(0)', opacity: 1 }
          : { transform: 'translateY(-30px)', opacity: 0 },
      ],
      1600,
    );
    if (outcome.caught) {
      await move(
        net,
        [
          { transform: at(x, y, 'scale(.2)'), opacity: 0 },
          { transform: at(x, y, 'scale(1.1)'), opacity: 1 },
        ],
        280,
      );
      await move(
        act,
        [
          { transform: 'rotate(0)' },
          { transform: 'rotate(-12deg)' },
          { transform: 'rotate(12deg)' },
          { transform: 'rotate(0)' },
        ],
        420,
      );
      await Promise.all([
        move(act, [{ transform: 'scale(1)' }, { transform: 'scale(0)', opacity: 0 }], 380),
        move(
          net,
          [{ transform: at(x, y, 'scale(1.1)') }, { transform: at(x, y, 'scale(0)'), opacity: 0 }],
          380,
        ),
      ]);
    } else {
      const away = x > 180 ? 220 : -220;
      await move(
        act,
        [{ transform: 'translateX(0)' }, { transform: `translateX(${away}px)`, opacity: 0 }],
        450,
        true,
        'ease-in',
      );
    }
    await rise;
    // A fish of the same kind swims back in from the side.
    const from = x > 180 ? 200 : -200;
    await move(
      act,
      [
        { transform: `translateX(${from}px)`, opacity: 0 },
        { transform: 'translateX(0)', opacity: 1 },
      ],
      700,
      true,
      'ease-out',
    );
    [act, net].forEach(still);
  }

  const fish = chooser(
    config.sides,
    (f) => `${texts.sides[f] ?? f} ×${FISH[f as Fish]}`,
    'targets',
    { icon: (f) => fishIcon(f as Fish), onChoose: aimAt },
  );
  scene
    .querySelectorAll<SVGGElement>('.fish')
    .forEach((f) => f.addEventListener('click', () => fish.choose(f.dataset.fish!)));
  aimAt(fish.value());
  let target = fish.value();
  onPlay<{ caught: boolean; win: number }>(
    '/api/fishing/shoot',
    () => {
      target = fish.value();
      return { fish: target };
    },
    async (outcome) => {
      await shoot(target, outcome);
      sayWin(outcome.win);
    },
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

/** What a table's drawing does: show a result (dealt or fought when `animate`), follow the timer. */
interface TableScene {
  show: (result: unknown, animate: boolean) => Promise<void>;
  /** Each look at the table; `shown` is whether the scene still shows this round's result. */
  follow: (view: TableView, shown: boolean) => void;
}

function describeResult(result: unknown): string {
  if (typeof result === 'string') return texts.sides[result] ?? result;
  const hand = result as BaccaratHand;
  const cards = (ranks: number[], suits: Suit[] = []) =>
    ranks.map((r, i) => `${RANKS[r - 1]}${suits[i] ? SUIT_SIGNS[suits[i]] : ''}`).join(' ');
  return (
    `${texts.sides.PLAYER} ${cards(hand.player, hand.suits?.player)} (${hand.playerPoints}) · ` +
    `${texts.sides.BANKER} ${cards(hand.banker, hand.suits?.banker)} (${hand.bankerPoints}) → ` +
    (texts.sides[hand.winner] ?? hand.winner)
  );
}

function highlight(scene: Element, side: string | null) {
  scene.querySelectorAll<SVGGElement>('.box').forEach((box) => {
    box.classList.toggle('won', box.dataset.side === side);
  });
}

/**
 * The baccarat table: the round's cards come out of the shoe face down in the dealing order
 * (player, banker, player, banker, then the third cards sideways) and turn face up; then the
 * totals and the winner's box light up. A bar under the dealer's timer runs down while bets open.
 */
function baccaratTable(): TableScene {
  const scene = sceneArt();
  const cards = part(scene, '.cards');
  const timeLeft = part<SVGRectElement>(scene, '.timer-bar .left');
  let longest = 0;
  let timedRound = 0;

  async function deal(
    rank: number,
    suit: Suit,
    slot: { x: number; y: number; turned?: boolean },
    animate: boolean,
  ) {
    const SVG_NS = 'http://www.w3.org/2000/svg';
    const place = document.createElementNS(SVG_NS, 'g');
    place.setAttribute(
      'transform',
      `translate(${slot.x} ${slot.y})${slot.turned ? ' rotate(90 22 31)' : ''}`,
    );
    const slide = document.createElementNS(SVG_NS, 'g');
    const face = document.createElementNS(SVG_NS, 'g');
    face.style.transformBox = 'fill-box';
    face.style.transformOrigin = 'center';
    face.innerHTML = animate && !reducedMotion() ? CARD_BACK : cardArt(rank, suit);
    slide.append(face);
    place.append(slide);
    cards.append(place);
    if (!animate || reducedMotion()) return;
    const from = slot.turned
      ? `translate(${SHOE.y - slot.y}px, ${slot.x - SHOE.x}px)`
      : `translate(${SHOE.x - slot.x}px, ${SHOE.y - slot.y}px)`;
    await move(
      slide,
      [{ transform: `${from} scale(.7)` }, { transform: 'translate(0, 0) scale(1)' }],
      380,
      true,
      'ease-out',
    );
    await move(
      face,
      [{ transform: 'scaleX(1)' }, { transform: 'scaleX(0)' }],
      130,
      true,
      'ease-in',
    );
    face.innerHTML = cardArt(rank, suit);
    await move(
      face,
      [{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }],
      130,
      true,
      'ease-out',
    );
  }

  return {
    async show(result, animate) {
      const hand = result as BaccaratHand;
      cards.replaceChildren();
      cards.classList.remove('past');
      highlight(scene, null);
      scene.querySelectorAll('.total').forEach((total) => total.setAttribute('opacity', '0'));
      const order: ['PLAYER' | 'BANKER', number][] = [
        ['PLAYER', 0],
        ['BANKER', 0],
        ['PLAYER', 1],
        ['BANKER', 1],
        ['PLAYER', 2],
        ['BANKER', 2],
      ];
      for (const [side, index] of order) {
        const own = side === 'PLAYER' ? hand.player : hand.banker;
        const suits = (side === 'PLAYER' ? hand.suits?.player : hand.suits?.banker) ?? [];
        const rank = own[index];
        if (rank !== undefined) {
          await deal(rank, suits[index] ?? 'S', CARD_SLOTS[side][index]!, animate);
        }
      }
      for (const [side, points] of [
        ['PLAYER', hand.playerPoints],
        ['BANKER', hand.bankerPoints],
      ] as const) {
        const total = part(scene, `.box[data-side="${side}"] .total`);
        total.querySelector('text')!.textContent = String(points);
        total.setAttribute('opacity', '1');
      }
      highlight(scene, hand.winner);
    },
    follow(view, shown) {
      if (view.phase === 'betting') {
        if (view.roundNo !== timedRound) {
          timedRound = view.roundNo;
          longest = 0;
        }
        longest = Math.max(longest, view.msLeft);
        timeLeft.setAttribute('width', String(longest ? (140 * view.msLeft) / longest : 0));
        // The cards on the table are last round's while the new round takes bets.
        if (!shown) {
          cards.classList.add('past');
          highlight(scene, null);
        }
      } else {
        timeLeft.setAttribute('width', '0');
      }
    },
  };
}

/**
 * The pit: meron (red) and wala (blue) wait, bobbing; when the result comes they fly at each
 * other in a cloud of dust, then the winner jumps while the loser falls (a draw leaves both
 * standing; a cancelled fight greys both out).
 */
function cockpit(): TableScene {
  const scene = sceneArt();
  const banner = part<SVGTextElement>(scene, '.banner');
  const dust = part(scene, '.dust');
  const act = (side: string) => part(scene, `.rooster[data-side="${side}"] .act`);
  const sides = ['MERON', 'WALA'];

  function reset() {
    sides.forEach((side) => still(act(side)));
    still(dust);
    banner.textContent = '';
    highlight(scene, null);
  }

  async function fight() {
    banner.textContent = texts.fight;
    const clash = sides.map((side) =>
      move(
        act(side),
        [
          { transform: 'translate(0, 0)' },
          { transform: 'translate(34px, -34px)', offset: 0.2 },
          { transform: 'translate(52px, -6px)', offset: 0.32 },
          { transform: 'translate(20px, 0)', offset: 0.48 },
          { transform: 'translate(44px, -40px)', offset: 0.66 },
          { transform: 'translate(54px, -4px)', offset: 0.8 },
          { transform: 'translate(0, 0)' },
        ],
        2200,
      ),
    );
    const cloud = move(
      dust,
      [
        { opacity: 0, transform: 'scale(1)' },
        { opacity: 0.9, offset: 0.3 },
        { opacity: 0.2, offset: 0.5 },
        { opacity: 0.9, offset: 0.8 },
        { opacity: 0 },
      ],
      2200,
    );
    await Promise.all([...clash, cloud]);
  }

  return {
    async show(result, animate) {
      reset();
      if (animate && !reducedMotion() && result !== 'CANCELLED') await fight();
      const outcome = result as string;
      const name = texts.sides[outcome] ?? outcome;
      banner.textContent = sides.includes(outcome) ? texts.wins.replace('{side}', name) : name;
      highlight(scene, outcome);
      for (const side of sides) {
        if (outcome === side) {
          void move(
            act(side),
            [
              { transform: 'translateY(0)' },
              { transform: 'translateY(-22px)' },
              { transform: 'translateY(0)' },
              { transform: 'translateY(-14px)' },
              { transform: 'translateY(0)' },
            ],
            1200,
            animate,
          );
        } else if (outcome !== 'DRAW') {
          // The loser falls over; a cancelled fight leaves both out of it.
          const falls = outcome !== 'CANCELLED';
          void move(
            act(side),
            [
              { transform: 'rotate(0)', opacity: 1, filter: 'grayscale(0)' },
              {
                transform: falls ? 'translate(4px, -4px) rotate(75deg)' : 'rotate(0)',
                opacity: 0.55,
                filter: 'grayscale(1)',
              },
            ],
            700,
            animate,
          );
        }
      }
    },
    follow(view, shown) {
      if (view.phase === 'betting' && !shown) reset();
    },
  };
}

function table(scene: TableScene) {
  const timer = element('p', { className: 'timer' });
  timer.dataset.testid = 'timer';
  const sides = chooser(config.sides, (s) => texts.sides[s] ?? s, 'sides');
  const myBets = element('p');
  const lastResult = element('p');
  lastResult.dataset.testid = 'last-result';
  // The round the scene shows (or is showing), the round it finished showing, and the round whose
  // win the status told: the win is told once the scene has shown how it came.
  let drawnRound = 0;
  let revealedRound = 0;
  let shownRound = 0;
  let looked = false;
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
    const last = view.last;
    if (last) {
      lastResult.textContent = `${texts.lastResult} #${last.roundNo}: ${describeResult(last.result)}`;
      if (last.roundNo !== drawnRound) {
        // A result already on the table when the page opens is shown as it lies.
        drawnRound = last.roundNo;
        void scene.show(last.result, looked).then(() => {
          revealedRound = last.roundNo;
        });
      }
      if (last.myWin !== null && last.roundNo === revealedRound && last.roundNo !== shownRound) {
        shownRound = last.roundNo;
        sayWin(last.myWin);
      }
    }
    scene.follow(view, view.roundNo === last?.roundNo);
    looked = true;
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
      table(baccaratTable());
      return;
    case 'cockfight':
      table(cockpit());
      return;
  }
  const state = await api<{ balance: number | null }>(
    `/api/state?token=${encodeURIComponent(config.token)}`,
  );
  if ('error' in state) sayError(state.error);
  else showBalance(state.balance);
}

void start();
