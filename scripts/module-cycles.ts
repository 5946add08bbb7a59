// The folder-level walls between server modules (decision 022): import/no-cycle sees cycles of
// files; this sees cycles of modules. It reads every import of apps/server/src/modules/<name>/
// that lands in another module (type-only imports too), builds the module graph and fails when
// any module reaches itself. Run by `npm run lint:modules` (part of `npm run check`).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type ModuleGraph = Map<string, Set<string>>;

export const SERVER_MODULES = fileURLToPath(new URL('../apps/server/src/modules', import.meta.url));

const SPECIFIER = /\bfrom\s*'([^']+)'|\bimport\s*\(\s*'([^']+)'\s*\)|^\s*import\s*'([^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Module -> the other modules its files import from. */
export function moduleGraph(modulesDir: string = SERVER_MODULES): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const from = entry.name;
    const targets = new Set<string>();
    graph.set(from, targets);
    for (const file of sourceFiles(join(modulesDir, from))) {
      for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const specifier = match[1] ?? match[2] ?? match[3] ?? '';
        if (!specifier.startsWith('.')) continue;
        const target = relative(modulesDir, resolve(dirname(file), specifier));
        if (target.startsWith('..')) continue;
        const to = target.split(sep)[0]!;
        if (to !== from) targets.add(to);
      }
    }
  }
  return graph;
}

/**
 * One cycle per strongly connected group of modules (Tarjan), as a path that starts and ends at
 * the same module, e.g. ['auth', 'member', 'auth']; none when the graph is acyclic.
 */
export function findCycles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => cycleWithin(graph, new Set(group)));
}

/** A shortest path from the group's first module (by name) back to itself, inside the group. */
function cycleWithin(graph: ModuleGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cycles = findCycles(moduleGraph());
  if (cycles.length > 0) {
    console.error('Server modules import each other in a cycle (decision 022):');
    for (const cycle of cycles) console.error(`  ${cycle.join(' -> ')}`);
    process.exit(1);
  }
  console.log('Server modules: no folder cycles.');
}
