import {
  AdminCategoryList,
  AdminGame,
  AdminGamePage,
  AdminGameQuery,
  AdminIdParams,
  AdminVendor,
  AdminVendorList,
  UpdateCategoryRequest,
  UpdateGameRequest,
  UpdateVendorRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { ContentCache } from '../content/index.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import {
  categoryList,
  gamePage,
  updateCategory,
  updateGame,
  updateVendor,
  vendorList,
} from './catalogue.admin.service.js';

const tags = ['admin-catalogue'];

/**
 * The catalogue pages: categories, vendors and games (permission catalogue.write). The catalogue
 * endpoints read the rows on every call; the cached public state (its winner board names games
 * with their icons) is dropped after each change, so the member site shows it at once.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache?: ContentCache | undefined;
}> = async (app, { db, cache }) => {
  const onRequest = operatorAllow('catalogue.write');
  const merchantOf = (req: Parameters<typeof signedInOperator>[0]) =>
    signedInOperator(req).merchant.id;
  const changed = async <T>(req: Parameters<typeof signedInOperator>[0], value: T) => {
    await cache?.invalidate(merchantOf(req));
    return ok(value);
  };

  app.get(
    '/admin/api/catalogue/categories',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Game categories in menu order, with their vendors',
        tags,
        value: AdminCategoryList,
      }),
    },
    async (req) => ok(await categoryList(db, merchantOf(req))),
  );
  app.put(
    '/admin/api/catalogue/categories/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Move a category in the menu; audited; answers every category',
        tags,
        params: AdminIdParams,
        body: UpdateCategoryRequest,
        value: AdminCategoryList,
      }),
    },
    async (req) =>
      changed(req, await updateCategory(db, operatorActor(req), req.params.id, req.body)),
  );
  app.get(
    '/admin/api/catalogue/vendors',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Every vendor, enabled or not, in menu order',
        tags,
        value: AdminVendorList,
      }),
    },
    async (req) => ok(await vendorList(db, merchantOf(req))),
  );
  app.put(
    '/admin/api/catalogue/vendors/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: "Change a vendor's name, category, state, maintenance or order; audited",
        tags,
        params: AdminIdParams,
        body: UpdateVendorRequest,
        value: AdminVendor,
      }),
    },
    async (req) =>
      changed(req, await updateVendor(db, operatorActor(req), req.params.id, req.body)),
  );
  app.get(
    '/admin/api/catalogue/games',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Every game, enabled or not, by vendor and name',
        tags,
        querystring: AdminGameQuery,
        value: AdminGamePage,
      }),
    },
    async (req) => ok(await gamePage(db, merchantOf(req), req.query)),
  );
  app.put(
    '/admin/api/catalogue/games/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: "Change a game's state, maintenance, hot and new marks, order or icons; audited",
        tags,
        params: AdminIdParams,
        body: UpdateGameRequest,
        value: AdminGame,
      }),
    },
    async (req) => changed(req, await updateGame(db, operatorActor(req), req.params.id, req.body)),
  );
};
