import { z } from 'zod';
import { FieldRule } from '../validation.js';

/** GET /wps/system/setting/register: the field rules of the registration form, in form order. */
export const RegisterSettings = z.array(FieldRule);
export type RegisterSettings = z.infer<typeof RegisterSettings>;
