import { isIP } from 'node:net';
import {
  FieldRule,
  WHITELABEL_SWITCHES,
  type AdminDomain,
  type AdminRegionRule,
  type AdminRegionRulePage,
  type AdminResource,
  type AdminSystemSettings,
  type CreateRegionRuleRequest,
  type DomainRequest,
  type RegisterField,
  type UpdateCurrencyRequest,
  type UpdateMaintenanceRequest,
  type UpdateRegisterFieldRequest,
  type UpdateResourceRequest,
  type UpdateWhitelabelRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { hasLedgerEntries } from '../ledger/index.js';
import type { MerchantZones } from '../merchant/index.js';
import { auditAction, pageWindow, type OperatorActor } from '../operator/index.js';
import { findSettings, listRegisterFieldRules, type DoorSwitches } from './system.service.js';
import * as repo from './system.admin.repository.js';

/**
 * The system settings of the back office (issue 7, permission system.write). Each change runs in
 * one transaction with its audit entry (before and after). The member site's system endpoints
 * read these rows on every request; only the merchant itself (currency, domains) is cached by the
 * merchant resolver, for at most 10 seconds.
 */

/** A service-side check's failure, shaped like a schema issue: the field's path and the reason. */
function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_ERROR', { issues: [{ path: `/${field}`, message: reason }] });
}

export async function systemSettings(db: Db, merchantId: number): Promise<AdminSystemSettings> {
  const [settings, switches, register, resourceRows, merchant, domains] = await Promise.all([
    findSettings(db, merchantId),
    repo.listSwitches(db, merchantId),
    listRegisterFieldRules(db, merchantId),
    repo.listResources(db, merchantId),
    repo.findMerchant(db, merchantId),
    repo.listDomains(db, merchantId),
  ]);
  const enabled = new Set(switches.filter((s) => s.enabled).map((s) => s.code));
  return {
    maintenance: {
      enabled: settings.maintenanceEnabled,
      title: settings.maintenanceTitle,
      info: settings.maintenanceInfo,
    },
    customerServiceUrl: settings.customerServiceUrl,
    timeZone: settings.timeZone,
    whitelabel: WHITELABEL_SWITCHES.map((code) => ({ code, enabled: enabled.has(code) })),
    register: register.map((row) => FieldRule.parse(row)),
    resources: resourceRows,
    currency: { currency: merchant.currency, currencySymbol: merchant.currencySymbol },
    domains: domains.map(domainOf),
  };
}

type SettingsRow = Awaited<ReturnType<typeof repo.lockSettings>>;

/**
 * Changes merchant settings under the row's lock and audits the change in the same transaction:
 * `before` is what `describe` reads off the locked row, `after` what the operator asked for.
 */
async function changeSettings(
  db: Db,
  actor: OperatorActor,
  change: {
    action: string;
    values: Parameters<typeof repo.updateSettings>[2];
    describe: (row: SettingsRow) => Parameters<typeof auditAction>[2]['before'];
    after: Parameters<typeof auditAction>[2]['after'];
  },
): Promise<AdminSystemSettings> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockSettings(tx, actor.merchantId);
    await repo.updateSettings(tx, actor.merchantId, change.values);
    await auditAction(tx, actor, {
      action: change.action,
      subjectType: 'merchant_settings',
      subjectId: actor.merchantId,
      before: change.describe(before),
      after: change.after,
    });
  });
  return systemSettings(db, actor.merchantId);
}

export async function updateMaintenance(
  { db, switches }: { db: Db; switches: DoorSwitches },
  actor: OperatorActor,
  body: UpdateMaintenanceRequest,
): Promise<AdminSystemSettings> {
  const settings = await changeSettings(db, actor, {
    action: body.enabled ? 'system.maintenance_on' : 'system.maintenance_off',
    values: {
      maintenanceEnabled: body.enabled,
      maintenanceTitle: body.title,
      maintenanceInfo: body.info,
    },
    describe: (row) => ({
      enabled: row.maintenanceEnabled,
      title: row.maintenanceTitle,
      info: row.maintenanceInfo,
    }),
    after: body,
  });
  switches.forget(actor.merchantId);
  return settings;
}

export function updateCustomerService(
  db: Db,
  actor: OperatorActor,
  url: string,
): Promise<AdminSystemSettings> {
  return changeSettings(db, actor, {
    action: 'system.customer_service_update',
    values: { customerServiceUrl: url },
    describe: (row) => ({ url: row.customerServiceUrl }),
    after: { url },
  });
}

/**
 * The merchant's time zone (decision 024), already checked to be a zone the runtime knows. Its
 * days move at once on this process (the zones forget the merchant) and within the caches'
 * seconds on others, for limits, records and reports; the agent-report rollup keeps the old days
 * until it is built again.
 */
export async function updateTimeZone(
  { db, zones }: { db: Db; zones: MerchantZones },
  actor: OperatorActor,
  timeZone: string,
): Promise<AdminSystemSettings> {
  const settings = await changeSettings(db, actor, {
    action: 'system.time_zone_update',
    values: { timeZone },
    describe: (row) => ({ timeZone: row.timeZone }),
    after: { timeZone },
  });
  zones.forget(actor.merchantId);
  return settings;
}

export async function updateWhitelabel(
  { db, switches }: { db: Db; switches: DoorSwitches },
  actor: OperatorActor,
  body: UpdateWhitelabelRequest,
): Promise<AdminSystemSettings> {
  await inTransaction(db, async (tx) => {
    // The settings row serialises concurrent edits of the merchant's switches.
    await repo.lockSettings(tx, actor.merchantId);
    const current = new Map(
      (await repo.listSwitches(tx, actor.merchantId)).map((s) => [s.code, s.enabled]),
    );
    const before: Record<string, boolean> = {};
    const after: Record<string, boolean> = {};
    for (const change of body.switches) {
      before[change.code] = current.get(change.code) ?? false;
      after[change.code] = change.enabled;
      await repo.setSwitch(tx, actor.merchantId, change.code, change.enabled);
    }
    await auditAction(tx, actor, {
      action: 'system.whitelabel_update',
      subjectType: 'whitelabel_switches',
      subjectId: actor.merchantId,
      before,
      after,
    });
  });
  switches.forget(actor.merchantId);
  return systemSettings(db, actor.merchantId);
}

export async function updateRegisterField(
  db: Db,
  actor: OperatorActor,
  field: RegisterField,
  body: UpdateRegisterFieldRequest,
): Promise<AdminSystemSettings> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockFieldRule(tx, actor.merchantId, field);
    await repo.upsertFieldRule(tx, actor.merchantId, field, body);
    await auditAction(tx, actor, {
      action: 'system.register_field_update',
      subjectType: 'register_field_rule',
      subjectId: field,
      before: before
        ? {
            enabled: before.enabled,
            required: before.required,
            acceptedPattern: before.acceptedPattern,
            patternId: before.patternId,
            minLength: before.minLength,
            maxLength: before.maxLength,
          }
        : null,
      after: body,
    });
  });
  return systemSettings(db, actor.merchantId);
}

export async function putResource(
  db: Db,
  actor: OperatorActor,
  key: string,
  body: UpdateResourceRequest,
): Promise<AdminResource[]> {
  await inTransaction(db, async (tx) => {
    const before = await repo.findResource(tx, actor.merchantId, key);
    await repo.upsertResource(tx, actor.merchantId, key, body);
    await auditAction(tx, actor, {
      action: 'system.resource_update',
      subjectType: 'resource',
      subjectId: key,
      before: before ?? null,
      after: { key, ...body },
    });
  });
  return repo.listResources(db, actor.merchantId);
}

export async function removeResource(
  db: Db,
  actor: OperatorActor,
  key: string,
): Promise<AdminResource[]> {
  await inTransaction(db, async (tx) => {
    const before = await repo.findResource(tx, actor.merchantId, key);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteResource(tx, actor.merchantId, key);
    await auditAction(tx, actor, {
      action: 'system.resource_delete',
      subjectType: 'resource',
      subjectId: key,
      before,
      after: null,
    });
  });
  return repo.listResources(db, actor.merchantId);
}

export async function updateCurrency(
  db: Db,
  actor: OperatorActor,
  body: UpdateCurrencyRequest,
): Promise<AdminSystemSettings> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockMerchant(tx, actor.merchantId);
    if (body.currency !== before.currency && (await hasLedgerEntries(tx, actor.merchantId))) {
      // Accounts and balances are kept per currency: the code is fixed once money moved.
      throw invalid('currency', 'currency_in_use');
    }
    await repo.updateMerchantCurrency(tx, actor.merchantId, body);
    await auditAction(tx, actor, {
      action: 'system.currency_update',
      subjectType: 'merchant',
      subjectId: actor.merchantId,
      before: { currency: before.currency, currencySymbol: before.currencySymbol },
      after: body,
    });
  });
  return systemSettings(db, actor.merchantId);
}

function domainOf(row: {
  id: number;
  host: string;
  isMain: boolean;
  route: string;
  affiliateCode: string | null;
}): AdminDomain {
  return {
    id: row.id,
    host: row.host,
    isMain: row.isMain,
    route: row.route,
    affiliateCode: row.affiliateCode,
  };
}

async function saveDomain(
  tx: Db,
  actor: OperatorActor,
  id: number | null,
  body: DomainRequest,
): Promise<AdminDomain> {
  const before = id === null ? undefined : await repo.lockDomain(tx, actor.merchantId, id);
  if (id !== null && !before) throw new AppError('NOT_FOUND');
  const holder = await repo.findDomainByHost(tx, body.host);
  if (holder && holder.id !== id) throw invalid('host', 'host_taken');
  const row = before
    ? await repo.updateDomain(tx, before.id, body)
    : await repo.insertDomain(tx, { merchantId: actor.merchantId, ...body });
  if (body.isMain) await repo.clearMainDomain(tx, actor.merchantId, row.id);
  await auditAction(tx, actor, {
    action: before ? 'system.domain_update' : 'system.domain_create',
    subjectType: 'merchant_domain',
    subjectId: row.id,
    before: before ? domainOf(before) : null,
    after: domainOf(row),
  });
  return domainOf(row);
}

export async function createDomain(
  db: Db,
  actor: OperatorActor,
  body: DomainRequest,
): Promise<AdminDomain> {
  return inTransaction(db, (tx) => saveDomain(tx, actor, null, body));
}

export async function updateDomain(
  db: Db,
  actor: OperatorActor,
  id: number,
  body: DomainRequest,
): Promise<AdminDomain> {
  return inTransaction(db, (tx) => saveDomain(tx, actor, id, body));
}

export async function deleteDomain(db: Db, actor: OperatorActor, id: number): Promise<AdminDomain> {
  return inTransaction(db, async (tx) => {
    const before = await repo.lockDomain(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteDomain(tx, id);
    await auditAction(tx, actor, {
      action: 'system.domain_delete',
      subjectType: 'merchant_domain',
      subjectId: id,
      before: domainOf(before),
      after: null,
    });
    return domainOf(before);
  });
}

function ruleOf(row: {
  id: number;
  ipRange: string | null;
  countryCode: string | null;
  note: string;
}): AdminRegionRule {
  return { id: row.id, ipRange: row.ipRange, countryCode: row.countryCode, note: row.note };
}

export async function regionRulePage(
  db: Db,
  merchantId: number,
  query: { page: number; size: number },
): Promise<AdminRegionRulePage> {
  const { rows, total } = await repo.pageRegionRules(db, merchantId, pageWindow(query));
  return { items: rows.map(ruleOf), page: query.page, size: query.size, total };
}

/** An address or range PostgreSQL's cidr takes once host bits are cleared; else null. */
export function checkedRange(text: string): string | null {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (prefix === undefined) return address;
  if (!/^\d{1,3}$/.test(prefix)) return null;
  return Number(prefix) <= (family === 4 ? 32 : 128) ? text : null;
}

export async function createRegionRule(
  db: Db,
  actor: OperatorActor,
  body: CreateRegionRuleRequest,
): Promise<AdminRegionRule> {
  const range = body.ipRange === null ? null : checkedRange(body.ipRange);
  if (body.ipRange !== null && range === null) throw invalid('ipRange', 'ip_range');
  return inTransaction(db, async (tx) => {
    const row = await repo.insertRegionRule(tx, {
      merchantId: actor.merchantId,
      ipRange: range,
      countryCode: body.countryCode,
      note: body.note,
    });
    const rule = ruleOf(row);
    await auditAction(tx, actor, {
      action: 'system.region_rule_create',
      subjectType: 'region_rule',
      subjectId: rule.id,
      before: null,
      after: rule,
    });
    return rule;
  });
}

export async function deleteRegionRule(
  db: Db,
  actor: OperatorActor,
  id: number,
): Promise<AdminRegionRule> {
  return inTransaction(db, async (tx) => {
    const before = await repo.lockRegionRule(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteRegionRule(tx, id);
    const rule = ruleOf(before);
    await auditAction(tx, actor, {
      action: 'system.region_rule_delete',
      subjectType: 'region_rule',
      subjectId: id,
      before: rule,
      after: null,
    });
    return rule;
  });
}
