import { z } from 'zod';
import { FieldRule, PatternId, RegisterField } from '../validation.js';
import { WhitelabelSwitch } from '../system/whitelabel.js';
import { TimeZoneName } from '../time-zone.js';
import { AdminPageFields, adminPage } from './admin-common.js';

/**
 * Back-office system settings (issue 7), under /admin/api/system, permission `system.write`:
 * maintenance, region rules, white-label switches and register field rules (SPEC section 3),
 * customer service and resources (social links), the merchant's currency, time zone and domains.
 */

const localized = (max: number) =>
  z.object({ EN: z.string().trim().max(max), TL: z.string().trim().max(max) });

/**
 * An https (or, for local set-ups, http) URL, or a page of the merchant's own site (`/support`,
 * `/download#ios`; never `//host`); empty for none.
 */
const linkUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^(https?:\/\/\S+|\/(?!\/)\S*)$/.test(value), {
    message: 'url',
  });

export const AdminMaintenance = z.object({
  enabled: z.boolean(),
  title: localized(200),
  info: localized(2000),
});
export type AdminMaintenance = z.infer<typeof AdminMaintenance>;

/** PUT /admin/api/system/maintenance: switching it on needs a title in both languages. */
export const UpdateMaintenanceRequest = AdminMaintenance.strict().refine(
  (body) => !body.enabled || (body.title.EN !== '' && body.title.TL !== ''),
  { message: 'title_required', path: ['title'] },
);
export type UpdateMaintenanceRequest = z.infer<typeof UpdateMaintenanceRequest>;

export const AdminResource = z.object({
  key: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export type AdminResource = z.infer<typeof AdminResource>;
export const AdminResourceList = z.array(AdminResource);
export type AdminResourceList = z.infer<typeof AdminResourceList>;

/** The key of a resource: upper-case letters, digits and underscores (FACEBOOK, APP_ANDROID...). */
export const ResourceKeyParams = z.object({
  key: z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/),
});

/** PUT /admin/api/system/resources/:key: creates or replaces the link. */
export const UpdateResourceRequest = z
  .object({ labelNameEn: z.string().trim().min(1).max(100), url: linkUrl.pipe(z.string().min(1)) })
  .strict();
export type UpdateResourceRequest = z.infer<typeof UpdateResourceRequest>;

export const AdminDomain = z.object({
  id: z.number().int(),
  host: z.string(),
  isMain: z.boolean(),
  route: z.string(),
  affiliateCode: z.string().nullable(),
});
export type AdminDomain = z.infer<typeof AdminDomain>;

/** POST /admin/api/system/domains and PUT .../:id. Setting `isMain` clears it on the others. */
export const DomainRequest = z
  .object({
    host: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
      ),
    isMain: z.boolean(),
    route: z
      .string()
      .trim()
      .regex(/^\/[A-Za-z0-9/_-]{0,63}$/),
    affiliateCode: z.string().trim().min(1).max(32).nullable(),
  })
  .strict();
export type DomainRequest = z.infer<typeof DomainRequest>;

export const AdminCurrency = z.object({ currency: z.string(), currencySymbol: z.string() });
export type AdminCurrency = z.infer<typeof AdminCurrency>;

/**
 * PUT /admin/api/system/currency. The code can change only while no member holds a balance
 * (accounts are per currency); the symbol any time.
 */
export const UpdateCurrencyRequest = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    currencySymbol: z.string().trim().min(1).max(8),
  })
  .strict();
export type UpdateCurrencyRequest = z.infer<typeof UpdateCurrencyRequest>;

/** Everything on the system settings page, in one read. */
export const AdminSystemSettings = z.object({
  maintenance: AdminMaintenance,
  customerServiceUrl: z.string(),
  /** The merchant's time zone (decision 024): the days of its limits, records and reports. */
  timeZone: z.string(),
  whitelabel: z.array(z.object({ code: WhitelabelSwitch, enabled: z.boolean() })),
  register: z.array(FieldRule),
  resources: z.array(AdminResource),
  currency: AdminCurrency,
  domains: z.array(AdminDomain),
});
export type AdminSystemSettings = z.infer<typeof AdminSystemSettings>;

/** PUT /admin/api/system/customer-service. */
export const UpdateCustomerServiceRequest = z.object({ url: linkUrl }).strict();
export type UpdateCustomerServiceRequest = z.infer<typeof UpdateCustomerServiceRequest>;

/** PUT /admin/api/system/time-zone: an IANA name the runtime knows (`Asia/Manila`). */
export const UpdateTimeZoneRequest = z.object({ timeZone: TimeZoneName }).strict();
export type UpdateTimeZoneRequest = z.infer<typeof UpdateTimeZoneRequest>;

/** PUT /admin/api/system/whitelabel: the switches named are set, the others stay. */
export const UpdateWhitelabelRequest = z
  .object({
    switches: z
      .array(z.object({ code: WhitelabelSwitch, enabled: z.boolean() }).strict())
      .min(1)
      .max(50),
  })
  .strict();
export type UpdateWhitelabelRequest = z.infer<typeof UpdateWhitelabelRequest>;

export const RegisterFieldParams = z.object({ field: RegisterField });

/** PUT /admin/api/system/register-fields/:field: the field's whole rule. */
export const UpdateRegisterFieldRequest = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    acceptedPattern: z
      .string()
      .min(1)
      .max(300)
      .refine(
        (pattern) => {
          if (pattern === '*') return true;
          try {
            new RegExp(pattern);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'pattern' },
      ),
    patternId: PatternId,
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(1).max(255),
  })
  .strict()
  .refine((rule) => rule.minLength <= rule.maxLength, {
    message: 'min_over_max',
    path: ['minLength'],
  })
  .refine((rule) => rule.enabled || !rule.required, {
    message: 'required_needs_enabled',
    path: ['required'],
  });
export type UpdateRegisterFieldRequest = z.infer<typeof UpdateRegisterFieldRequest>;

/** Region rules: a visitor from the IP range or the country sees the blocked page. */
export const AdminRegionRule = z.object({
  id: z.number().int(),
  ipRange: z.string().nullable(),
  countryCode: z.string().nullable(),
  note: z.string(),
});
export type AdminRegionRule = z.infer<typeof AdminRegionRule>;
export const RegionRuleQuery = z.object({ ...AdminPageFields });
export const AdminRegionRulePage = adminPage(AdminRegionRule);
export type AdminRegionRulePage = z.infer<typeof AdminRegionRulePage>;

/** An IPv4 or IPv6 address or CIDR range; the server normalises it (PostgreSQL cidr). */
const ipRange = z
  .string()
  .trim()
  .regex(/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+:[0-9a-fA-F:.]*)(\/\d{1,3})?$/);

/** POST /admin/api/system/region-rules: exactly one of ipRange and countryCode. */
export const CreateRegionRuleRequest = z
  .object({
    ipRange: ipRange.nullable().default(null),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .default(null),
    note: z.string().trim().max(200).default(''),
  })
  .strict()
  .refine((rule) => (rule.ipRange === null) !== (rule.countryCode === null), {
    message: 'one_of_ip_or_country',
    path: ['ipRange'],
  });
export type CreateRegionRuleRequest = z.infer<typeof CreateRegionRuleRequest>;
