// The schemas and constants of the home page's sections and the game pages (catalogue, content),
// importable on their own: the browser checks those answers without loading every schema of the
// package, which the home page never needs.
export * from './content/content.js';
export * from './games/catalogue.js';
export { ErrorEnvelope } from './envelope.js';
