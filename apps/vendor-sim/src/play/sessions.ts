import { parseLanguage, type Language, type WalletMode } from '@app/shared';
import type { WalletTarget } from '../wallet/wallet-client.js';

/** What the platform told the sim at launch, kept while the member plays. */
export interface PlayerSession extends WalletTarget {
  token: string;
  user: string;
  currency: string;
  gameCode: string;
  language: Language;
  lobbyUrl: string;
  walletMode: WalletMode;
  /**
   * Whose held balances a transfer-wallet session plays: the vendor code of the base URL path
   * the platform launched through, or '' on the bare origin, as its transfer calls name them.
   */
  heldBy: string;
  /** The member's balance in minor units as the platform last answered it. */
  balance: number | null;
  lastSeen: number;
}

/** Sessions unused this long are forgotten (the platform's token has expired by then anyway). */
const IDLE_MS = 12 * 60 * 60 * 1000;

/** Launch sessions by launch token; the token in the game URL is the member's key to them. */
export function createSessionStore(now: () => number = Date.now) {
  const sessions = new Map<string, PlayerSession>();

  function prune() {
    for (const [token, session] of sessions) {
      if (now() - session.lastSeen > IDLE_MS) sessions.delete(token);
    }
  }

  return {
    open(launch: Omit<PlayerSession, 'balance' | 'lastSeen' | 'language'> & { language: string }) {
      prune();
      const session: PlayerSession = {
        ...launch,
        language: parseLanguage(launch.language, 'EN'),
        balance: null,
        lastSeen: now(),
      };
      sessions.set(launch.token, session);
      return session;
    },
    get(token: string): PlayerSession | null {
      const session = sessions.get(token);
      if (!session) return null;
      session.lastSeen = now();
      return session;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
