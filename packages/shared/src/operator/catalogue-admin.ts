import { z } from 'zod';
import { RowId, RowIdParam } from '../validation.js';
import { AdminPageFields, adminPage } from './admin-common.js';

/**
 * Back-office catalogue (issue 7), under /admin/api/catalogue, permission `catalogue.write`:
 * categories in menu order with their vendors, vendors (enabled, maintenance, category, order)
 * and games (enabled, maintenance, hot, new, order, icons). The member site reads the same rows.
 */

const sequence = z.number().int().min(0).max(32_000);

export const AdminCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  sequence: z.number().int(),
  vendors: z.array(z.object({ id: z.number().int(), code: z.string(), displayName: z.string() })),
});
export type AdminCategory = z.infer<typeof AdminCategory>;
export const AdminCategoryList = z.array(AdminCategory);
export type AdminCategoryList = z.infer<typeof AdminCategoryList>;

/** PUT /admin/api/catalogue/categories/:id: the category's place in the menu. */
export const UpdateCategoryRequest = z.object({ sequence }).strict();
export type UpdateCategoryRequest = z.infer<typeof UpdateCategoryRequest>;

export const AdminVendor = z.object({
  id: z.number().int(),
  code: z.string(),
  displayName: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sequence: z.number().int(),
  games: z.number().int(),
});
export type AdminVendor = z.infer<typeof AdminVendor>;
export const AdminVendorList = z.array(AdminVendor);
export type AdminVendorList = z.infer<typeof AdminVendorList>;

/** PUT /admin/api/catalogue/vendors/:id: any of these; an empty body is refused. */
export const UpdateVendorRequest = z
  .object({
    displayName: z.string().trim().min(1).max(100),
    categoryId: RowId,
    enabled: z.boolean(),
    maintenance: z.boolean(),
    sequence,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty_update' });
export type UpdateVendorRequest = z.infer<typeof UpdateVendorRequest>;

/** GET /admin/api/catalogue/games: every game of the merchant, enabled or not. */
export const AdminGameQuery = z.object({
  vendorId: RowIdParam.optional(),
  /** Part of the name in either language, or the game code. */
  name: z.string().trim().min(1).max(100).optional(),
  ...AdminPageFields,
});
export type AdminGameQuery = z.infer<typeof AdminGameQuery>;

export const AdminGame = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  vendorCode: z.string(),
  gameCode: z.string(),
  name: z.object({ EN: z.string(), TL: z.string() }),
  gameType: z.string(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  sequence: z.number().int(),
  iconUrl: z.string(),
  lagerIcon: z.string(),
});
export type AdminGame = z.infer<typeof AdminGame>;
export const AdminGamePage = adminPage(AdminGame);
export type AdminGamePage = z.infer<typeof AdminGamePage>;

/** An icon: an https URL or a site path (`/...`); empty uses the generated tile. */
const iconUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https:\/\/\S+$/.test(value) || /^\/\S*$/.test(value), {
    message: 'icon_url',
  });

/** PUT /admin/api/catalogue/games/:id: any of these; an empty body is refused. */
export const UpdateGameRequest = z
  .object({
    enabled: z.boolean(),
    maintenance: z.boolean(),
    isHot: z.boolean(),
    isNew: z.boolean(),
    sequence: z.number().int().min(0).max(1_000_000),
    iconUrl,
    lagerIcon: iconUrl,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty_update' });
export type UpdateGameRequest = z.infer<typeof UpdateGameRequest>;
