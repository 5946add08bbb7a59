import { BindPayoutAccountRequest, PaymentPasswordRequest } from '@app/shared';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import account from '@/locales/account/en.json';
import main from '@/locales/en.json';
import accountTl from '@/locales/account/tl.json';
import mainTl from '@/locales/tl.json';
import { errorText, messageKey, refuse, translatedText, zodFormResolver } from './zod-form';

// What react-hook-form passes a resolver; these fields have no native validation.
const options = { fields: {}, shouldUseNativeValidation: false } as never;

const schema = PaymentPasswordRequest.superRefine((values, ctx) => {
  if (values.confirmPaymentPassword !== values.paymentPassword) {
    refuse(ctx, 'confirmPaymentPassword', 'validation.mismatch');
  }
});
const resolver = zodFormResolver(schema, {
  required: ['loginPassword'],
  messages: { paymentPassword: messageKey('validation.DIGITS', { min: 6, max: 6 }) },
});

const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('zodFormResolver', () => {
  it('reads every refusal as a translation key: required, the field key, the form rule', async () => {
    const result = await resolver(
      { loginPassword: ' ', paymentPassword: '12', confirmPaymentPassword: '13' },
      undefined,
      options,
    );
    expect(messages(result.errors)).toEqual({
      loginPassword: 'validation.required',
      paymentPassword: messageKey('validation.DIGITS', { min: 6, max: 6 }),
      confirmPaymentPassword: 'validation.mismatch',
    });
  });

  it('answers the request schema output when the form is right', async () => {
    const values = {
      loginPassword: 'secret',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    };
    const result = await resolver(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
  });

  it('falls back on validation.invalid for a field without a key', async () => {
    const plain = zodFormResolver(PaymentPasswordRequest);
    const result = await plain(
      { loginPassword: 'x', paymentPassword: 'abc', confirmPaymentPassword: '' },
      undefined,
      options,
    );
    expect(messages(result.errors)).toEqual({ paymentPassword: 'validation.invalid' });
  });
  it("reads a shared schema's own refine message as the field's key", async () => {
    const bind = zodFormResolver(BindPayoutAccountRequest, {
      messages: { bankName: 'accounts.bankNameRequired' },
    });
    const result = await bind(
      { method: 'bank', bankName: ' ', accountName: 'Juan Cruz', accountNumber: '0917-123' },
      undefined,
      options,
    );
    expect(messages(result.errors)).toEqual({ bankName: 'accounts.bankNameRequired' });
  });
});

describe('errorText', () => {
  const t = (key: string, values?: object) => (values ? `${key} ${JSON.stringify(values)}` : key);

  it('translates the key with the values it carries', () => {
    expect(errorText(t, { message: messageKey('validation.DIGITS', { min: 6, max: 6 }) })).toBe(
      'validation.DIGITS {"min":6,"max":6}',
    );
    expect(errorText(t, { message: 'validation.required' })).toBe('validation.required');
    expect(errorText(t, undefined)).toBeUndefined();
    expect(errorText(t, { message: translatedText('Wrong payment password.') })).toBe(
      'Wrong payment password.',
    );
  });
});

describe('message keys of another namespace', () => {
  it('reads translation:errors.* from a form of the account texts, in English and Tagalog', async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: {
        en: { translation: main, account },
        tl: { translation: mainTl, account: accountTl },
      },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    const message = { message: 'translation:errors.TERMS_NOT_ACCEPTED' };
    expect(errorText(i18n.getFixedT('en', 'account'), message)).toBe(
      main.errors.TERMS_NOT_ACCEPTED,
    );
    expect(errorText(i18n.getFixedT('tl', 'account'), message)).toBe(
      mainTl.errors.TERMS_NOT_ACCEPTED,
    );
    expect(errorText(i18n.getFixedT('en', 'account'), { message: 'validation.required' })).toBe(
      account.validation.required,
    );
  });
});
