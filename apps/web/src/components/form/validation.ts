import { PATTERN_IDS, type PatternId } from '@app/shared';
import '@/lib/account-texts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@app/client';
import { messageKey } from './zod-form';

/** Why a field was refused, by the shared field rules here or by the server (VALIDATION_ERROR). */
export type FieldProblem = {
  reason: 'required' | 'pattern' | 'length' | 'other';
  patternId?: PatternId | undefined;
  min?: number | undefined;
  max?: number | undefined;
};

export type FieldProblems = Partial<Record<string, FieldProblem>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The fields a VALIDATION_ERROR names in `value.issues`. The field is the last part of the
 * issue's path (`newPassword`, or `body/payeeName` from a schema check).
 */
export function problemsOf(error: unknown): FieldProblems {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const issues = error.value.issues;
  if (!Array.isArray(issues)) return {};
  const problems: FieldProblems = {};
  for (const issue of issues) {
    if (!isRecord(issue) || typeof issue.path !== 'string') continue;
    const field = issue.path.split('/').at(-1) ?? '';
    const { reason } = issue;
    problems[field] ??= {
      reason:
        reason === 'required' || reason === 'pattern' || reason === 'length' ? reason : 'other',
      patternId: PATTERN_IDS.find((id) => id === issue.patternId),
      min: typeof issue.min === 'number' ? issue.min : undefined,
      max: typeof issue.max === 'number' ? issue.max : undefined,
    };
  }
  return problems;
}

/** The message key of a field problem (account texts), with the rule's min and max. */
export function problemKey(problem: FieldProblem): string {
  if (problem.reason === 'required') return 'validation.required';
  if (!problem.patternId) return 'validation.invalid';
  return messageKey(`validation.${problem.patternId}`, {
    ...(problem.min === undefined ? {} : { min: problem.min }),
    ...(problem.max === undefined ? {} : { max: problem.max }),
  });
}

/** The message of a field problem: required, or the rule's own message with its min and max. */
export function useProblemText() {
  const { t } = useTranslation('account');
  return (problem: FieldProblem | undefined): string | null => {
    if (!problem) return null;
    if (problem.reason === 'required') return t('validation.required');
    if (!problem.patternId) return t('validation.invalid');
    return t(`validation.${problem.patternId}`, { min: problem.min, max: problem.max });
  };
}
