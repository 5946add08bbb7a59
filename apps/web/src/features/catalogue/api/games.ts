import type {
  GameCategory,
  GameFilter,
  GameItem,
  GamePage,
  Language,
  LaunchGameRequest,
  LaunchGameResult,
} from '@app/shared';
import { GAME_PAGE_SIZE } from '@app/shared/home';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queueListLoad } from '../list-loads';

/**
 * Fields the SPEC's clients send with every catalogue call (section 7): web client type 3 and
 * the platform string of the hot list.
 */
const CLIENT = { clientType: '3', platform: 'html5-desktop' } as const;

/** Which games a list shows: a category, one vendor, a filter and a name search. */
export type GameListParams = {
  gameType?: GameCategory;
  vassalage?: string;
  filter: GameFilter;
  name?: string;
};

// Every key starts with the account: favourite flags and the FAV/RECENT lists are the caller's
// own, so logging in or out must not show another account's cached lists.
export const gameKeys = {
  all: ['games'] as const,
  list: (account: string, language: Language, params: GameListParams) =>
    ['games', account, 'list', language, params] as const,
  hot: (account: string, language: Language, gameType: GameCategory | undefined) =>
    ['games', account, 'hot', language, gameType ?? 'ALL'] as const,
};

function pageQuery(pageNo: number, pageSize: number, language: Language): Record<string, string> {
  return { ...CLIENT, pageNo: String(pageNo), pageSize: String(pageSize), language };
}

function nextPage(last: GamePage): number | undefined {
  return last.pageNum < last.totalPages ? last.pageNum + 1 : undefined;
}

/** GET /wps/relay/games: a game list, 20 games a page, loaded page by page. */
export function gameListQueryOptions(account: string, language: Language, params: GameListParams) {
  const { gameType, vassalage, filter, name } = params;
  return infiniteQueryOptions({
    queryKey: gameKeys.list(account, language, params),
    queryFn: ({ pageParam, signal }) =>
      queueListLoad(
        () =>
          apiGet('/wps/relay/games', 'GamePage', {
            query: {
              ...pageQuery(pageParam, GAME_PAGE_SIZE, language),
              filter,
              ...(gameType ? { gameType } : {}),
              ...(vassalage ? { vassalage } : {}),
              ...(name ? { name } : {}),
            },
            signal,
          }),
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** GET /wps/relay/games/hot: the operator's hot games (the server sends at most 12). */
export function hotGamesQueryOptions(account: string, language: Language, gameType?: GameCategory) {
  return queryOptions({
    queryKey: gameKeys.hot(account, language, gameType),
    queryFn: ({ signal }) =>
      queueListLoad(
        () =>
          apiGet('/wps/relay/games/hot', 'HotGames', {
            query: { ...CLIENT, isPlatform: '2', language, ...(gameType ? { gameType } : {}) },
            signal,
          }),
        signal,
      ),
  });
}

/** POST /wps/relay/favorites (add; adding one already there changes nothing). */
export function addFavorite(game: GameItem) {
  return apiSend('POST', '/wps/relay/favorites', 'FavoriteResult', {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });
}

/** DELETE /wps/relay/favorites/:nodeId */
export function removeFavorite(nodeId: number) {
  return apiSend('DELETE', `/wps/relay/favorites/${nodeId}`, 'FavoriteResult');
}

/** POST /wps/game/launchGame: the vendor's game address, or where the client opens it itself. */
export function launchGame(request: LaunchGameRequest): Promise<LaunchGameResult> {
  return apiSend('POST', '/wps/game/launchGame', 'LaunchGameResult', { body: request });
}

type CachedGames = GameItem[] | InfiniteData<GamePage, number>;

/** Whether a cached game list is one of the caller's favourite lists (/fav, filter FAV). */
export function isFavoriteList(key: readonly unknown[]): boolean {
  if (key[0] !== gameKeys.all[0]) return false;
  const params = key[4] as GameListParams | undefined;
  return key[2] === 'list' && params?.filter === 'FAV';
}

/**
 * Sets a game's favourite flag in every cached list at once, without waiting for the server
 * (SPEC section 4: a removal is applied locally at once); a removed game leaves the favourite
 * lists too.
 */
export function markFavorite(client: QueryClient, nodeId: number, favorite: boolean): void {
  for (const [key, data] of client.getQueriesData<CachedGames>({ queryKey: gameKeys.all })) {
    if (!data) continue;
    const drop = !favorite && isFavoriteList(key);
    const update = (games: GameItem[]) =>
      drop
        ? games.filter((game) => game.nodeId !== nodeId)
        : games.map((game) => (game.nodeId === nodeId ? { ...game, favorite } : game));
    const next: CachedGames = Array.isArray(data)
      ? update(data)
      : {
          ...data,
          pages: data.pages.map((page) => {
            const content = update(page.content);
            const removed = page.content.length - content.length;
            return { ...page, content, totalElements: page.totalElements - removed };
          }),
        };
    client.setQueryData(key, next);
  }
}
