// The schemas of the answers the web app's first paint waits for (system status, merchant
// configuration, game menus) and of a failed answer, importable on their own: the browser checks
// those answers without first loading every schema of the package.
export { ErrorEnvelope } from './envelope.js';
export { GameMenus } from './games/menus.js';
export { PermissionInfo } from './system/permission.js';
export { SystemStatus } from './system/status.js';
