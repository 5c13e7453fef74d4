import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Strings } from '../../checkout/i18n';

/** Names that stay the same in every language: brands and currency codes. */
const SAME_EVERYWHERE = /^(USDT|TON|Tonkeeper|Telegram)$/;
const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** Every language of the checkout is equally complete: nothing missing, empty, left in English or missing a placeholder. */
describe('checkout languages', () => {
  const english = LANGUAGES.en.t;
  const keys = Object.keys(english) as Array<keyof Strings>;

  it('offers English, Russian, German, Spanish, Portuguese, Turkish and Ukrainian', () => {
    expect(Object.keys(LANGUAGES).sort()).toEqual(['de', 'en', 'es', 'pt', 'ru', 'tr', 'uk']);
  });

  for (const [code, { name, t }] of Object.entries(LANGUAGES).filter(([code]) => code !== 'en')) {
    it(`${name} (${code}) has every string, translated, with the same placeholders`, () => {
      expect(Object.keys(t).sort()).toEqual([...keys].sort());
      const problems: string[] = [];
      for (const key of keys) {
        const value = t[key];
        if (value.trim() === '') problems.push(`${key}: empty`);
        else if (value === english[key] && !SAME_EVERYWHERE.test(value)) problems.push(`${key}: copied from English`);
        if (placeholders(value).join() !== placeholders(english[key]).join())
          problems.push(`${key}: placeholders ${placeholders(value).join()} differ`);
      }
      expect(problems).toEqual([]);
    });
  }
});
