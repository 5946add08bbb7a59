import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

// The issue messages of a form schema are translation keys, never text: a key of the form's
// namespace, optionally with the values it interpolates (`validation.DIGITS` with min and max).
const VALUES = '|';

/** A schema issue message: the translation key, with the values its text interpolates. */
export function messageKey(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}${VALUES}${JSON.stringify(values)}` : key;
}

/** Any namespace's `t` of react-i18next. */
type AnyT = (...args: never[]) => unknown;

// A message already in the member's language (a server refusal's text, translated when it came).
const TEXT = 'text:';

/** A field error whose text was translated already (as `errorText` of a refused call makes it). */
export function translatedText(text: string): string {
  return TEXT + text;
}

/** Translates a key made at run time (the typed `t` takes only literal keys). */
type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The text of a field's error: its message key translated with `t` (the form's namespace). */
export function errorText(t: AnyT, error: Pick<FieldError, 'message'> | undefined) {
  const message = error?.message;
  if (!message) return undefined;
  if (message.startsWith(TEXT)) return message.slice(TEXT.length);
  const translate = t as unknown as Translate;
  const at = message.indexOf(VALUES);
  if (at < 0) return translate(message);
  const values = JSON.parse(message.slice(at + 1)) as Record<string, string | number>;
  return translate(message.slice(0, at), values);
}

/** The message key of a field whose value the request schema refuses, by field name. */
export type FieldMessages<Values> = Partial<Record<keyof Values & string, string>>;

// Marks the messages that are already keys (the form's own refusals, the fields' keys) apart from
// a message a shared schema wrote itself (a refine's English sentence for the server's logs).
const KEY = 'key:';

/** Adds a refusal of `field` with its message key (in a form schema's `superRefine`). */
export function refuse(ctx: z.RefinementCtx, field: string, key: string): void {
  ctx.addIssue({ code: 'custom', path: [field], message: KEY + key });
}

export type ZodFormOptions<Values> = {
  /** The message key of a field the request schema refuses (else `validation.invalid`). */
  messages?: FieldMessages<Values>;
  /** Fields that must not be empty: `validation.required` before any other check of theirs. */
  required?: (keyof Values & string)[];
};

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The resolver of a form on a zod schema (a request schema of @app/shared, with the form's own
 * rules added by `superRefine` and `refuse`). An issue of the request schema reads as the field's
 * key in `messages`, or `validation.required` for an empty `required` field; the form's own
 * issues carry their key.
 */
export function zodFormResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  { messages = {}, required = [] }: ZodFormOptions<z.input<Schema>> = {},
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Field = keyof z.input<Schema> & string;
  const fieldKey = (field: Field, value: unknown) =>
    required.includes(field) && isEmpty(value)
      ? 'validation.required'
      : (messages[field] ?? 'validation.invalid');
  const checked = required.length
    ? schema.superRefine((values, ctx) => {
        for (const field of required) {
          if (isEmpty((values as Record<string, unknown>)[field])) {
            refuse(ctx, field, 'validation.required');
          }
        }
      })
    : schema;
  const resolve = zodResolver(checked, {
    error: (issue) => KEY + fieldKey(String(issue.path?.[0] ?? '') as Field, issue.input),
  }) as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors) as [Field, FieldError][]) {
      const message = error.message ?? '';
      error.message = message.startsWith(KEY)
        ? message.slice(KEY.length)
        : fieldKey(field, (values as Record<string, unknown>)[field]);
    }
    return result;
  };
}

/**
 * react-hook-form on `zodFormResolver`. Errors show after a submit and are checked again as the
 * member corrects a field.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  options: ZodFormOptions<z.input<Schema>> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodFormResolver(schema, options),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * `value`, `onChange` and `error` of a controlled field (TextField, SelectField...) bound to
 * `name`; `clean` shapes what is typed (digits only...).
 */
export function bindField<Values extends FieldValues, Name extends Path<Values>>(
  form: UseFormReturn<Values, unknown, FieldValues>,
  t: AnyT,
  name: Name,
  clean: (value: string) => string = (value) => value,
) {
  return {
    value: form.watch(name) as string,
    onChange: (value: string) =>
      form.setValue(name, clean(value) as PathValue<Values, Name>, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      }),
    error: errorText(t, form.formState.errors[name] as FieldError | undefined),
  };
}

/**
 * A form's onSubmit that first clears the form's last message (it told of an earlier try), then
 * checks and sends.
 */
export function submitAfresh(
  clearMessage: () => void,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    clearMessage();
    void submit(event);
  };
}

/**
 * The ref of a form whose first field with a problem gets the focus after a refused submit (the
 * schema's refusals; the server's are focused with `focusFirstProblem` as they are set).
 */
export function useFocusFirstProblem(submitCount: number) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (submitCount > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return ref;
}
