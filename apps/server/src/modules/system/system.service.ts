import {
  FieldRule,
  SOCIAL_PROVIDER_SWITCH,
  SOCIAL_PROVIDERS,
  WHITELABEL_SWITCHES,
  type HelpCenter,
  type Language,
  type PermissionInfo,
  type SystemStatus,
  type Whitelabel,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { listConfiguredProviders } from '../social/social.repository.js';
import * as repo from './system.repository.js';

/**
 * Status 1 (maintenance) wins over 2 (region restricted); 0 otherwise. Region rules are checked
 * only when the platform is up, since the maintenance page is shown to everyone anyway.
 */
export async function getSystemStatus(db: Db, ctx: RequestContext): Promise<SystemStatus> {
  const settings = await repo.findSettings(db, ctx.merchant.id);
  if (settings.maintenanceEnabled) {
    return {
      status: 1,
      maintenance: {
        title: settings.maintenanceTitle[ctx.language],
        info: settings.maintenanceInfo[ctx.language],
      },
      regionRestriction: null,
      customerServiceUrl: settings.customerServiceUrl,
    };
  }
  const restricted = await repo.matchesRegionRule(db, ctx.merchant.id, ctx.ip, ctx.country);
  return {
    status: restricted ? 2 : 0,
    maintenance: null,
    regionRestriction: restricted ? { ip: ctx.ip } : null,
    customerServiceUrl: settings.customerServiceUrl,
  };
}

/**
 * Every switch of the merchant; a switch with no row is off, and a social sign-in switch is off
 * while its provider is not configured (no button that cannot work).
 */
export async function getWhitelabel(db: Db, merchantId: number): Promise<Whitelabel> {
  const [rows, configured] = await Promise.all([
    repo.listWhitelabelSwitches(db, merchantId),
    listConfiguredProviders(db, merchantId),
  ]);
  const enabled = new Set(rows.filter((r) => r.enabled).map((r) => r.code));
  const unconfigured = SOCIAL_PROVIDERS.filter((p) => !configured.includes(p)).map(
    (p) => SOCIAL_PROVIDER_SWITCH[p] as string,
  );
  return Object.fromEntries(
    WHITELABEL_SWITCHES.map((code) => [code, enabled.has(code) && !unconfigured.includes(code)]),
  ) as Whitelabel;
}

/** The registration field rules in form order. */
export async function getRegisterSettings(db: Db, merchantId: number): Promise<FieldRule[]> {
  const rows = await repo.listRegisterFieldRules(db, merchantId);
  return rows.map((row) => FieldRule.parse(row));
}

export function getDomainRoutes(db: Db, merchantId: number) {
  return repo.listDomainRoutes(db, merchantId);
}

export async function getHelpCenter(
  db: Db,
  merchantId: number,
  language: Language,
  device: 'WEB',
): Promise<HelpCenter> {
  return { language, sections: await repo.listHelpSections(db, merchantId, language, device) };
}

/** Everything the web app needs before its first render, in one call. */
export async function getPermissionInfo(db: Db, ctx: RequestContext): Promise<PermissionInfo> {
  const merchantId = ctx.merchant.id;
  const [settings, whitelabel, register, domainRoute, resourceRows, status] = await Promise.all([
    repo.findSettings(db, merchantId),
    getWhitelabel(db, merchantId),
    getRegisterSettings(db, merchantId),
    repo.listDomainRoutes(db, merchantId),
    repo.listResources(db, merchantId),
    getSystemStatus(db, ctx),
  ]);
  const mainDomain = domainRoute.find((d) => d.isMain)?.host ?? '';
  return {
    merchantCode: ctx.merchant.code,
    merchantName: ctx.merchant.name,
    currency: ctx.merchant.currency,
    currencySymbol: ctx.merchant.currencySymbol,
    defaultLanguage: ctx.merchant.defaultLanguage,
    customerService: { url: settings.customerServiceUrl },
    domainRoute,
    resources: Object.fromEntries(
      resourceRows.map((r) => [r.key, { labelNameEn: r.labelNameEn, url: r.url }]),
    ),
    whitelabel,
    register,
    mainDomain,
    analytics: { gtagId: settings.gtagId },
    imageCDNs: settings.imageCdns,
    launchGameCDNs: settings.launchGameCdns,
    location: { ip: ctx.ip },
    maintenance: {
      enabled: settings.maintenanceEnabled,
      title: settings.maintenanceTitle[ctx.language],
      info: settings.maintenanceInfo[ctx.language],
    },
    regionRestriction: { restricted: status.status === 2, ip: ctx.ip },
  };
}
