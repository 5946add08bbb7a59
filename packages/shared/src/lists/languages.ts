/** Interface languages bundled with the product (SPEC section 1: EN and Tagalog). */
export const LANGUAGES = ['EN', 'TL'] as const;
