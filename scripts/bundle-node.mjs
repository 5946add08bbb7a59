// The esbuild bundle of a Node service (the server, the vendor sim): one ESM file for node20 with
// a source map. Workspace packages (@app/*) are TypeScript sources, so they are bundled in; every
// other package stays external and is loaded from node_modules.
import { build } from 'esbuild';

/**
 * Bundles `entryPoint` into `outfile`, both relative to `absWorkingDir` (the service's folder;
 * esbuild's default, the current directory, when not given).
 */
export function bundleNodeService({ absWorkingDir, entryPoint, outfile }) {
  return build({
    ...(absWorkingDir ? { absWorkingDir } : {}),
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-node-modules',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
