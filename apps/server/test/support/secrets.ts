import { createSecretBox } from '../../src/lib/secret-box.js';

/** The secret box of a test app (no SECRETS_KEY outside production: the development key). */
export const testSecrets = createSecretBox({ production: false });
