import { z } from 'zod';

/** System status: 0 normal, 1 maintenance (wins over everything), 2 region restricted. */
export const SystemStatusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof SystemStatusCode>;

export const MaintenanceInfo = z.object({ title: z.string(), info: z.string() });
export type MaintenanceInfo = z.infer<typeof MaintenanceInfo>;

/** GET /wps/system/status */
export const SystemStatus = z.object({
  status: SystemStatusCode,
  maintenance: MaintenanceInfo.nullable(),
  /** Set when status is 2: the address the server saw, shown on the blocked page. */
  regionRestriction: z.object({ ip: z.string() }).nullable(),
  customerServiceUrl: z.string(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;
