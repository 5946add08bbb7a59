import { ADMIN_MEMBER_TYPES } from '@app/shared';
import type { TFunction } from 'i18next';

type AdminMemberTypeValue = (typeof ADMIN_MEMBER_TYPES)[number];

function isKnownType(type: number): type is AdminMemberTypeValue {
  return (ADMIN_MEMBER_TYPES as readonly number[]).includes(type);
}

/** Member, agent (by level) or trial; an unknown number is shown as it is. */
export function memberTypeLabel(t: TFunction, type: number): string {
  return isKnownType(type) ? t(`memberType.${type}`) : String(type);
}
