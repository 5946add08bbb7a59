import { useMatches } from 'react-router';

/** What a route tells the shell about itself. */
export type RouteHandle = {
  /** Scroll resets to the top when this changes between two navigations. */
  name: string;
  /** Full-width game pages leave the side menu out. */
  hideSideMenu?: boolean;
  /**
   * The agent centre: the side menu starts collapsed, the category bar and the partners footer
   * give way, and the page gets the width of a phone (issue 18).
   */
  agentArea?: boolean;
  /** The terms page: the disclaimer stays closed so the terms it links to can be read. */
  showsTerms?: boolean;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'name' in handle;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
}
