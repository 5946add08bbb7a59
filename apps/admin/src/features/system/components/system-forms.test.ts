import type { FieldRule, UpdateRegisterFieldRequest } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { resourceRows, ruleDraftOf, ruleRequestOf } from './system-forms';

/** The email rule as the server takes it back (PUT /system/register-fields/email). */
const saved: UpdateRegisterFieldRequest = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 'EMAIL',
  minLength: 5,
  maxLength: 80,
};
const rule: FieldRule = { field: 'email', ...saved };

describe('ruleRequestOf', () => {
  it('sends the rule back as the server takes it', () => {
    expect(ruleRequestOf(ruleDraftOf(rule))).toEqual(saved);
  });

  it('drops "required" from a field switched off and reads an empty pattern as any', () => {
    const request = ruleRequestOf({ ...ruleDraftOf(rule), enabled: false, acceptedPattern: ' ' });
    expect(request).toMatchObject({ enabled: false, required: false, acceptedPattern: '*' });
  });

  it('passes lengths that are not whole numbers on for the server to refuse', () => {
    const request = ruleRequestOf({ ...ruleDraftOf(rule), minLength: '-1', maxLength: 'ten' });
    expect(request.minLength).toBeNaN();
    expect(request.maxLength).toBeNaN();
  });
});

describe('resourceRows', () => {
  it('lists every social link first, set or not, then the other resources', () => {
    const rows = resourceRows([
      { key: 'APP_ANDROID', labelNameEn: 'Android app', url: 'https://x/app.apk' },
      { key: 'TELEGRAM', labelNameEn: 'Telegram', url: 'https://t.me/demo' },
    ]);
    expect(rows.map((row) => [row.key, row.saved])).toEqual([
      ['FACEBOOK', false],
      ['WHATSAPP', false],
      ['TELEGRAM', true],
      ['INSTAGRAM', false],
      ['VIBER', false],
      ['APP_ANDROID', true],
    ]);
    expect(rows[2]).toMatchObject({ url: 'https://t.me/demo' });
  });
});
