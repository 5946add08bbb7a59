// An eslint-plugin-import resolver for this repo's TypeScript sources: `./x.js` specifiers (ESM
// style, used by the server) and extensionless ones (used by the web apps) resolve to the `.ts` or
// `.tsx` file. Bare package names are left to the node resolver's answer of "external".
const fs = require('node:fs');
const path = require('node:path');

const CANDIDATES = ['.ts', '.tsx', '/index.ts', '/index.tsx', '.js', '.mjs', ''];

exports.interfaceVersion = 2;

// `@/x` is a front end's src/x (the alias of its vite.config.ts and tsconfig.json).
function appSource(source, file) {
  const app = /^(.*[\\/]apps[\\/][^\\/]+)[\\/]/.exec(file);
  return app ? path.join(app[1], 'src', source.slice(2)) : null;
}

exports.resolve = function resolve(source, file) {
  const fromApp = source.startsWith('@/') ? appSource(source, file) : null;
  if (!fromApp && !source.startsWith('.')) return { found: true, path: null };
  const base = fromApp ?? path.resolve(path.dirname(file), source.replace(/\.js$/, ''));
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return { found: true, path: candidate };
    }
  }
  return { found: false };
};
