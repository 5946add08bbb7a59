import type { AdminGame, UpdateGameRequest } from '@app/shared';

/** What the game form edits, as the inputs hold it. */
export type GameDraft = {
  enabled: boolean;
  maintenance: boolean;
  isHot: boolean;
  isNew: boolean;
  sequence: string;
  iconUrl: string;
  lagerIcon: string;
};

export function gameDraftOf(game: AdminGame): GameDraft {
  return {
    enabled: game.enabled,
    maintenance: game.maintenance,
    isHot: game.isHot,
    isNew: game.isNew,
    sequence: String(game.sequence),
    iconUrl: game.iconUrl,
    lagerIcon: game.lagerIcon,
  };
}

/**
 * Only the fields the operator changed, so the audit shows just those. An order that is not a
 * whole number is sent as it is typed (NaN), for the server to refuse with its field message.
 */
export function gameChanges(game: AdminGame, draft: GameDraft): UpdateGameRequest {
  const change: UpdateGameRequest = {};
  for (const key of ['enabled', 'maintenance', 'isHot', 'isNew'] as const) {
    if (draft[key] !== game[key]) change[key] = draft[key];
  }
  const sequence = draft.sequence.trim();
  if (sequence !== String(game.sequence)) {
    change.sequence = /^\d+$/.test(sequence) ? Number(sequence) : Number.NaN;
  }
  if (draft.iconUrl.trim() !== game.iconUrl) change.iconUrl = draft.iconUrl.trim();
  if (draft.lagerIcon.trim() !== game.lagerIcon) change.lagerIcon = draft.lagerIcon.trim();
  return change;
}
