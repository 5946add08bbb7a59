import { z } from 'zod';
import { Language } from '../language.js';
import { FieldRule } from '../validation.js';
import { MaintenanceInfo } from './status.js';
import { Whitelabel } from './whitelabel.js';

/** Social links the side menu and footer show (SPEC section 3). */
export const SOCIAL_KEYS = ['FACEBOOK', 'WHATSAPP', 'TELEGRAM', 'INSTAGRAM', 'VIBER'] as const;

export const Resource = z.object({ labelNameEn: z.string(), url: z.string() });
export type Resource = z.infer<typeof Resource>;

export const DomainRoute = z.object({
  host: z.string(),
  isMain: z.boolean(),
  /** The page a visitor of this host lands on ("/" for the player site, "/agent" for agents). */
  route: z.string(),
  affiliateCode: z.string().nullable(),
});
export type DomainRoute = z.infer<typeof DomainRoute>;

/** GET /wps/system/domainRoute */
export const DomainRoutes = z.array(DomainRoute);

/** GET /wps/system/permission: everything the web app needs before its first render. */
export const PermissionInfo = z.object({
  merchantCode: z.string(),
  merchantName: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  defaultLanguage: Language,
  customerService: z.object({ url: z.string() }),
  domainRoute: DomainRoutes,
  resources: z.record(z.string(), Resource),
  whitelabel: Whitelabel,
  register: z.array(FieldRule),
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string() }),
  maintenance: MaintenanceInfo.extend({ enabled: z.boolean() }),
  regionRestriction: z.object({ restricted: z.boolean(), ip: z.string() }),
  /**
   * The merchant's time zone (an IANA name, Asia/Manila unless set; decision 024): the days of
   * the records, the daily limits and the reports are its calendar days.
   */
  timeZone: z.string(),
});
export type PermissionInfo = z.infer<typeof PermissionInfo>;
