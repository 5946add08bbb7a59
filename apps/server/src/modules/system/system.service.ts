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
import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../plugins/request-context.js';
import * as repo from './system.repository.js';

/**
 * How long a merchant's door switches (maintenance, the agent programme) are reused by the hot
 * paths: a vendor bet or an agent route must not pay a settings query each.
 */
const SWITCHES_CACHE_MS = 5_000;
type SwitchesRead = { maintenance: boolean; agentProgramme: boolean; at: number };

/**
 * The merchants' door switches, read at most every few seconds per app; this app's own changes
 * show at once (`forget`), other processes follow within seconds. Built once in buildApp and
 * passed to what reads or changes them.
 */
export type DoorSwitches = {
  /**
   * Whether the merchant is under maintenance (the cached switch). Inside a transaction, `via` is
   * that transaction: a stale switch is read through it, never around it (on the embedded
   * database, a query around an open transaction waits for it to end).
   */
  underMaintenance: (merchantId: number, via?: Db) => Promise<boolean>;
  /** Whether the merchant runs the agent programme (AGENTPOLICY3, cached). */
  agentProgramme: (merchantId: number) => Promise<boolean>;
  /** Drops the cached switches after an operator changed one. */
  forget: (merchantId: number) => void;
};

export function createDoorSwitches(db: Db): DoorSwitches {
  const cache = new Map<number, SwitchesRead>();
  async function read(merchantId: number, via: Db = db): Promise<SwitchesRead> {
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < SWITCHES_CACHE_MS) return hit;
    const [settings, agentProgramme] = await Promise.all([
      repo.findSettings(via, merchantId),
      repo.switchEnabled(via, merchantId, 'AGENTPOLICY3'),
    ]);
    const fresh = { maintenance: settings.maintenanceEnabled, agentProgramme, at: Date.now() };
    cache.set(merchantId, fresh);
    return fresh;
  }
  return {
    underMaintenance: async (merchantId, via) => (await read(merchantId, via)).maintenance,
    agentProgramme: async (merchantId) => (await read(merchantId)).agentProgramme,
    forget: (merchantId) => void cache.delete(merchantId),
  };
}

/** A platform state that stops new play and new money (decision 018). */
export type PlatformBlock = 'SYSTEM_MAINTENANCE' | 'REGION_RESTRICTED';

/** Maintenance wins over a region rule matching the caller's address or country; null: neither. */
async function blockOf(
  db: Db,
  ctx: RequestContext,
  maintenance: boolean,
): Promise<PlatformBlock | null> {
  if (maintenance) return 'SYSTEM_MAINTENANCE';
  const restricted = await repo.matchesRegionRule(db, ctx.merchant.id, ctx.ip, ctx.country);
  return restricted ? 'REGION_RESTRICTED' : null;
}

/** The platform's blocking state for this caller, with the cached maintenance switch. */
export async function platformBlock(
  db: Db,
  switches: DoorSwitches,
  ctx: RequestContext,
): Promise<PlatformBlock | null> {
  return blockOf(db, ctx, await switches.underMaintenance(ctx.merchant.id));
}

/**
 * Refuses what starts new play or moves new money in (login, registration, launch, bets,
 * deposits, transfers) while the platform or the member is blocked (decision 018): maintenance,
 * a region rule, self-exclusion. Withdrawals, reading, and the settlement of rounds already
 * placed never come here.
 */
export async function assertNotBlocked(
  { db, switches }: { db: Db; switches: DoorSwitches },
  ctx: RequestContext,
  member: { selfExcludedUntil: Date | null } | null,
): Promise<void> {
  const block = await platformBlock(db, switches, ctx);
  if (block) throw new AppError(block);
  if (member?.selfExcludedUntil && member.selfExcludedUntil > new Date()) {
    throw new AppError('SELF_EXCLUDED', { until: member.selfExcludedUntil.toISOString() });
  }
}

/**
 * Status 1 (maintenance) wins over 2 (region restricted); 0 otherwise: what `platformBlock`
 * refuses, shown.
 */
export async function getSystemStatus(db: Db, ctx: RequestContext): Promise<SystemStatus> {
  // The status page reads the switch fresh: it is what an operator checks after flipping it.
  const settings = await repo.findSettings(db, ctx.merchant.id);
  const block = await blockOf(db, ctx, settings.maintenanceEnabled);
  return {
    status: block === 'SYSTEM_MAINTENANCE' ? 1 : block === 'REGION_RESTRICTED' ? 2 : 0,
    maintenance:
      block === 'SYSTEM_MAINTENANCE'
        ? {
            title: settings.maintenanceTitle[ctx.language],
            info: settings.maintenanceInfo[ctx.language],
          }
        : null,
    regionRestriction: block === 'REGION_RESTRICTED' ? { ip: ctx.ip } : null,
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
    repo.listConfiguredProviders(db, merchantId),
  ]);
  const enabled = new Set(rows.filter((r) => r.enabled).map((r) => r.code));
  const unconfigured = SOCIAL_PROVIDERS.filter((p) => !configured.includes(p)).map(
    (p) => SOCIAL_PROVIDER_SWITCH[p] as string,
  );
  return Object.fromEntries(
    WHITELABEL_SWITCHES.map((code) => [code, enabled.has(code) && !unconfigured.includes(code)]),
  ) as Whitelabel;
}

/**
 * AGENTPOLICY3, the merchant's agent programme (decision 020): off, no agent door opens (the
 * agent area's login, the agent centre's routes, contracts, downline transfers, affiliate codes).
 * The cached switch: the agent centre's routes call this on every request.
 */
export async function assertAgentPolicy(switches: DoorSwitches, merchantId: number): Promise<void> {
  if (!(await switches.agentProgramme(merchantId))) {
    throw new AppError('FUNCTION_NOT_ENABLED', { switch: 'AGENTPOLICY3' });
  }
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
    timeZone: ctx.merchant.timeZone,
    maintenance: {
      enabled: settings.maintenanceEnabled,
      title: settings.maintenanceTitle[ctx.language],
      info: settings.maintenanceInfo[ctx.language],
    },
    regionRestriction: { restricted: status.status === 2, ip: ctx.ip },
  };
}

/** The merchant's system settings row (every merchant has one). */
export function findSettings(
  ...args: Parameters<typeof repo.findSettings>
): ReturnType<typeof repo.findSettings> {
  return repo.findSettings(...args);
}

/** The merchant's registration field rules, in display order. */
export function listRegisterFieldRules(
  ...args: Parameters<typeof repo.listRegisterFieldRules>
): ReturnType<typeof repo.listRegisterFieldRules> {
  return repo.listRegisterFieldRules(...args);
}
