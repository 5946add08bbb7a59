/** Social sign-in's face to the operator scripts. */
export { configureProvider } from './social.repository.js';
