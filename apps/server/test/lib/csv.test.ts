import { describe, expect, it } from 'vitest';
import { csvField, toCsv, UTF8_BOM } from '../../src/lib/csv.js';

describe('csvField', () => {
  it('leaves plain text, numbers and decimal amounts as they are', () => {
    expect(csvField('alice')).toBe('alice');
    expect(csvField(42)).toBe('42');
    expect(csvField('1234.50')).toBe('1234.50');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['-', "'-"],
  ])('defuses a leading formula character in %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('keeps a formula character inside the text', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('user@example')).toBe('user@example');
  });
});

describe('toCsv', () => {
  it('starts with the UTF-8 byte order mark and ends every line with CRLF', () => {
    const file = toCsv(
      ['account', 'bets'],
      [
        ['juan, dela cruz', '10.00'],
        ['ñino', '-5.25'],
      ],
    );
    expect(file.startsWith(UTF8_BOM)).toBe(true);
    expect(file.slice(1)).toBe('account,bets\r\n"juan, dela cruz",10.00\r\nñino,-5.25\r\n');
    expect(Buffer.from(file, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
