import { customType } from 'drizzle-orm/pg-core';
import { open, seal } from '../../lib/secret-box.js';

/** A text column whose value is sealed at rest (lib/secret-box.ts); code reads and writes plain. */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(value),
  fromDriver: (value) => open(value),
});
