// The walls between front-end features and between server modules (eslint.config.js,
// import/no-restricted-paths zones): each case lints a small file as if it sat at `path`,
// importing real modules, with the repository's own lint configuration. The server modules'
// folder cycles are checked by scripts/module-cycles.ts, tested at the end.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { findCycles, moduleGraph, type ModuleGraph } from './module-cycles.js';

const eslint = new ESLint({
  cwd: `${import.meta.dirname}/..`,
  // The cases are not files of a TypeScript project; the walls need no type information.
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
  ruleFilter: ({ ruleId }) =>
    ruleId === 'import/no-restricted-paths' || ruleId === 'no-restricted-imports',
});

async function wallErrors(path: string, imports: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${imports}\n`, { filePath: path });
  return result!.messages.map((message) => message.message);
}

// The first lint loads the configuration, its plugins and resolver: seconds on a busy machine.
describe('process state of server modules', { timeout: 30_000 }, () => {
  it('fails a module that builds its own secret box, and lets it take the type', async () => {
    const path = 'apps/server/src/modules/member/boundary-case.ts';
    const builds = await wallErrors(
      path,
      "export { createSecretBox } from '../../lib/secret-box.js';",
    );
    expect(builds).toEqual([expect.stringContaining('never builds one')]);
    const takes = await wallErrors(
      path,
      "export type { SecretBox } from '../../lib/secret-box.js';",
    );
    expect(takes).toEqual([]);
    const app = await wallErrors(
      'apps/server/src/boundary-case.ts',
      "export { createSecretBox } from './lib/secret-box.js';",
    );
    expect(app).toEqual([]);
  });
});

describe('front-end feature walls', { timeout: 30_000 }, () => {
  it('fails a feature that reaches into another feature, by alias or by relative path', async () => {
    const path = 'apps/web/src/features/auth/boundary-case.ts';
    const byAlias = await wallErrors(path, "export * from '@/features/content/api/content';");
    const byPath = await wallErrors(path, "export * from '../content/api/content';");
    for (const errors of [byAlias, byPath]) {
      expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
    }
  });

  it('fails the same reach-in in the back office', async () => {
    const errors = await wallErrors(
      'apps/admin/src/features/audit/boundary-case.ts',
      "export * from '@/features/members/member-type';",
    );
    expect(errors).toHaveLength(1);
  });

  it('fails shared code that imports a feature or the app', async () => {
    const fromLib = await wallErrors(
      'apps/web/src/lib/boundary-case.ts',
      "export * from '@/features/auth/api/log-in';",
    );
    const fromComponents = await wallErrors(
      'apps/web/src/components/boundary-case.ts',
      "export * from '@/app/route-guards';",
    );
    expect([...fromLib, ...fromComponents]).toHaveLength(2);
  });

  it('lets a feature use its own code and shared code, and the app compose features', async () => {
    const feature = await wallErrors(
      'apps/web/src/features/auth/boundary-case.ts',
      "export * from './api/log-in';\nexport * from '@/lib/session';",
    );
    const app = await wallErrors(
      'apps/web/src/app/boundary-case.ts',
      "export * from '@/features/content/api/content';\nexport * from '@/features/auth/api/log-in';",
    );
    expect([...feature, ...app]).toEqual([]);
  });
});

describe('server module walls', { timeout: 30_000 }, () => {
  const path = 'apps/server/src/modules/transfer/boundary-case.ts';

  it("fails a module that reaches into another module's files", async () => {
    const repository = await wallErrors(path, "export * from '../ledger/ledger.repository.js';");
    const service = await wallErrors(path, "export * from '../ledger/ledger.service.js';");
    for (const errors of [repository, service]) {
      expect(errors).toEqual([expect.stringContaining('through its index.ts (its public face)')]);
    }
  });

  it("lets a module import another module's index.ts and its own files", async () => {
    const errors = await wallErrors(
      path,
      "export * from '../ledger/index.js';\nexport * from './transfer.repository.js';",
    );
    expect(errors).toEqual([]);
  });

  it('lets the app level compose module internals', async () => {
    const errors = await wallErrors(
      'apps/server/src/boundary-case.ts',
      "export * from './modules/ledger/ledger.repository.js';",
    );
    expect(errors).toEqual([]);
  });
});

describe('server module cycles', () => {
  const graph = (edges: Record<string, string[]>): ModuleGraph =>
    new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

  it('reports a cycle of modules', () => {
    const cycles = findCycles(
      graph({
        auth: ['member'],
        member: ['system'],
        system: ['auth'],
        ledger: [],
        wallet: ['auth'],
      }),
    );
    expect(cycles).toEqual([['auth', 'member', 'system', 'auth']]);
  });

  it('reports none for an acyclic graph', () => {
    expect(findCycles(graph({ auth: ['member'], member: ['ledger'], ledger: [] }))).toEqual([]);
  });

  it('finds none between the real server modules', () => {
    const modules = moduleGraph();
    expect(modules.size).toBeGreaterThan(30);
    expect(findCycles(modules)).toEqual([]);
  });
});
