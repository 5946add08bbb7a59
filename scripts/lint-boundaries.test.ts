// The walls between front-end features (eslint.config.js, import/no-restricted-paths zones):
// each case lints a small file as if it sat at `path`, importing real modules, with the
// repository's own lint configuration.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: `${import.meta.dirname}/..`,
  // The cases are not files of a TypeScript project; the walls need no type information.
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
  ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths',
});

async function wallErrors(path: string, imports: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${imports}\n`, { filePath: path });
  return result!.messages.map((message) => message.message);
}

describe('front-end feature walls', () => {
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
