/** side-menu.module.css: from this width the menu is a column beside the page, not a drawer. */
export const MENU_COLUMN_QUERY = '(min-width: 64rem)';
