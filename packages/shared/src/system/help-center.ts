import { z } from 'zod';
import { Language } from '../language.js';

export const Device = z.enum(['WEB']);

/** Query of GET /wps/system/helpCenter. */
export const HelpCenterQuery = z.object({
  lang: Language.optional(),
  device: Device.default('WEB'),
});

export const HelpSection = z.object({
  /** Anchor of the section; `term` is the terms the disclaimer and register modal link to. */
  key: z.string(),
  title: z.string(),
  /** HTML written by operators and sanitised on the server. */
  content: z.string(),
  sequence: z.number().int(),
});
export type HelpSection = z.infer<typeof HelpSection>;

export const HelpCenter = z.object({ language: Language, sections: z.array(HelpSection) });
export type HelpCenter = z.infer<typeof HelpCenter>;
