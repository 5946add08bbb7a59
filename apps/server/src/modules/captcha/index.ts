/**
 * Image captchas for the public forms (sign-up, sign-in, feedback): create one and check an
 * answer.
 */
export { checkCaptcha, createCaptcha } from './captcha.service.js';
