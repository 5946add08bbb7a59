/**
 * Social sign-in (decision 006): the providers a merchant has configured, the OIDC client and the
 * sign-in routes. The operator scripts configure a provider through it
 * (the system module's white label reads which providers are configured).
 */
export { configureProvider } from './social.service.js';
