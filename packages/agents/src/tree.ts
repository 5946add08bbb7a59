import type { TreeNode } from './types.js';

/** A snapshot of the agent tree (decision 011) indexed for the questions settlement asks. */
export interface TeamIndex {
  readonly nodes: ReadonlyMap<string, TreeNode>;
  /** Direct downlines of each account, sorted by id. */
  readonly children: ReadonlyMap<string, readonly string[]>;
  /** Uplines of each account, nearest first (depth 1, 2, ...). */
  ancestors(id: string): readonly string[];
  /** Depth of `descendant` below `ancestor` (0 for itself), or null when it is not in that team. */
  depthBelow(ancestor: string, descendant: string): number | null;
}

/** Thrown when a snapshot is not a tree (unknown upline, duplicate id, cycle). */
export class TreeSnapshotError extends Error {
  override readonly name = 'TreeSnapshotError';
}

export function indexTree(nodes: readonly TreeNode[]): TeamIndex {
  const byId = new Map<string, TreeNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) throw new TreeSnapshotError(`Duplicate account ${node.id}`);
    byId.set(node.id, node);
  }
  const children = new Map<string, string[]>();
  for (const node of byId.values()) {
    if (node.uplineId === null) continue;
    if (!byId.has(node.uplineId)) {
      throw new TreeSnapshotError(`Upline ${node.uplineId} of ${node.id} is not in the snapshot`);
    }
    const list = children.get(node.uplineId);
    if (list) list.push(node.id);
    else children.set(node.uplineId, [node.id]);
  }
  for (const list of children.values()) list.sort();

  const ancestorCache = new Map<string, readonly string[]>();
  const ancestors = (id: string): readonly string[] => {
    const cached = ancestorCache.get(id);
    if (cached) return cached;
    const node = byId.get(id);
    if (!node) throw new TreeSnapshotError(`Account ${id} is not in the snapshot`);
    const chain: string[] = [];
    const seen = new Set<string>([id]);
    let up = node.uplineId;
    while (up !== null) {
      if (seen.has(up)) throw new TreeSnapshotError(`Cycle through ${up}`);
      seen.add(up);
      chain.push(up);
      up = byId.get(up)!.uplineId;
    }
    ancestorCache.set(id, chain);
    return chain;
  };
  // Every account is reached once here, so a cycle anywhere is found up front.
  for (const id of byId.keys()) ancestors(id);

  return {
    nodes: byId,
    children,
    ancestors,
    depthBelow(ancestor, descendant) {
      if (!byId.has(ancestor) || !byId.has(descendant)) return null;
      if (ancestor === descendant) return 0;
      const i = ancestors(descendant).indexOf(ancestor);
      return i < 0 ? null : i + 1;
    },
  };
}
