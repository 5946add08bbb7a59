// Which operator popups a viewer sees (SPEC section 4): A for logged-in members, B for anonymous
// visitors, F for a member's first login; a popup closed once stays closed for the rest of the
// browser session for that kind of viewer (SPEC section 3, popup closed flag per user type).

export type PopupExecution = 'A' | 'B' | 'F';

/** The viewer kinds the closed flag is kept for. */
export type PopupViewer = 'visitor' | 'member';

export type PopupAudience = { loggedIn: boolean; firstLogin: boolean };

export function popupViewer(audience: PopupAudience): PopupViewer {
  return audience.loggedIn ? 'member' : 'visitor';
}

/** Whether a popup of `execution` is meant for this viewer. */
export function popupMatches(execution: string, audience: PopupAudience): boolean {
  if (!audience.loggedIn) return execution === 'B';
  return execution === 'A' || (execution === 'F' && audience.firstLogin);
}

/** The popups to show, in the server's order, or none when this viewer closed them already. */
export function popupsToShow<T extends { execution: string }>(
  popups: readonly T[],
  audience: PopupAudience,
  closedFor: ReadonlySet<PopupViewer>,
): T[] {
  if (closedFor.has(popupViewer(audience))) return [];
  return popups.filter((popup) => popupMatches(popup.execution, audience));
}
