import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en';
import { zh } from '../../../src/i18n/zh';

function leaves(obj: object, prefix = ''): Record<string, string> {
  return Object.entries(obj).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...acc, [path]: value } : { ...acc, ...leaves(value, path) };
  }, {});
}

describe('translations', () => {
  it('zh has every en key, really translated, with the same placeholders', () => {
    const enLeaves = leaves(en);
    const zhLeaves = leaves(zh);
    expect(Object.keys(zhLeaves).sort()).toEqual(Object.keys(enLeaves).sort());
    for (const [key, text] of Object.entries(zhLeaves)) {
      expect(text.trim(), key).not.toBe('');
      expect(/[\u4e00-\u9fff]/.test(text), `${key} should be Chinese: ${text}`).toBe(true);
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(text), key).toEqual(placeholders(enLeaves[key]));
    }
  });
});
