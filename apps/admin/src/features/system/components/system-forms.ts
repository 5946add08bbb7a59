import {
  SOCIAL_KEYS,
  type AdminResource,
  type FieldRule,
  type UpdateRegisterFieldRequest,
} from '@app/shared';

/** A register field rule as its inputs hold it (lengths as typed). */
export type RuleDraft = Omit<FieldRule, 'field' | 'minLength' | 'maxLength'> & {
  minLength: string;
  maxLength: string;
};

export function ruleDraftOf(rule: FieldRule): RuleDraft {
  return {
    enabled: rule.enabled,
    required: rule.required,
    acceptedPattern: rule.acceptedPattern,
    patternId: rule.patternId,
    minLength: String(rule.minLength),
    maxLength: String(rule.maxLength),
  };
}

/** A whole number as typed, or NaN for the server to refuse with its field message. */
function whole(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** The PUT body of a rule; a field switched off is no longer required. */
export function ruleRequestOf(draft: RuleDraft): UpdateRegisterFieldRequest {
  return {
    enabled: draft.enabled,
    required: draft.enabled && draft.required,
    acceptedPattern: draft.acceptedPattern.trim() || '*',
    patternId: draft.patternId,
    minLength: whole(draft.minLength),
    maxLength: whole(draft.maxLength),
  };
}

/**
 * The links the page lists: every social link of SPEC section 3 (empty when not set, so the
 * operator can fill it in), then the merchant's other resources by key.
 */
export function resourceRows(resources: readonly AdminResource[]): (AdminResource & {
  saved: boolean;
})[] {
  const byKey = new Map(resources.map((resource) => [resource.key, resource]));
  const social = SOCIAL_KEYS.map((key) => {
    const saved = byKey.get(key);
    return saved ? { ...saved, saved: true } : { key, labelNameEn: '', url: '', saved: false };
  });
  const others = resources
    .filter((resource) => !(SOCIAL_KEYS as readonly string[]).includes(resource.key))
    .map((resource) => ({ ...resource, saved: true }));
  return [...social, ...others];
}
