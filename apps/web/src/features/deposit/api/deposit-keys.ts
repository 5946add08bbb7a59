// Query keys of the deposit page; free of the API client so the websocket code can use them.

/** Query keys of the deposit page. */
export const depositKeys = {
  all: ['deposit'] as const,
  channels: ['deposit', 'channels'] as const,
  lists: ['deposit', 'list'] as const,
  list: (page: number) => [...depositKeys.lists, page] as const,
  one: (id: number) => ['deposit', 'one', id] as const,
};
