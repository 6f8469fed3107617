import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CoreMessages } from './core-messages.ts';
import { distinctName, isMixedScript } from './names.ts';

const name = distinctName(z.string().trim().min(1).max(100));
const refusal = (value: string) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('the rule every name follows', () => {
  it.each([
    ['a right-to-left override', 'invoice\u202Egpj.exe'],
    ['a bidirectional isolate', 'key\u2066a\u2069'],
    ['a zero-width space', 'pay\u200Bments'],
    ['a zero-width joiner', 'pay\u200Dments'],
    ['a byte-order mark', 'my\uFEFFkeys'],
    ['a soft hyphen', 'pay\u00ADments'],
    ['a tab', 'Keys\tteam'],
  ])('refuses %s', (_what, value) => {
    expect(refusal(value)).toEqual([CoreMessages.nameHiddenCharacters]);
  });

  it.each([
    ['a Cyrillic а among Latin letters', 'p\u0430yments'],
    ['a Greek omicron among Latin letters', 'r\u03BFot key'],
    ['Cyrillic and Greek', '\u041A\u03BB'],
    ['Latin and Arabic', 'key \u0645\u0641\u062A\u0627\u062D'],
  ])('refuses %s (mixed scripts, Unicode TR 39)', (_what, value) => {
    expect(refusal(value)).toEqual([CoreMessages.nameMixedScripts]);
  });

  it.each([
    ['plain Latin with digits and punctuation', 'Terminal keys (EU-2)'],
    ['accented Latin', 'Clé de paiement Müller-Øst'],
    ['a combining accent', 'Cafe\u0301'],
    ['Cyrillic alone', 'Ключи терминалов'],
    ['Greek alone', 'Κλειδιά'],
    ['Japanese with Latin', '東京 Tokyo キー ひらがな'],
    ['Chinese with Bopomofo and Latin', '中文 ㄅㄆ key'],
    ['Korean with Han and Latin', '한국어 韓國 key'],
    ['an emoji', 'Keys 🔑 team'],
  ])('takes %s', (_what, value) => {
    expect(refusal(value)).toBeNull();
  });

  it('tells mixed scripts apart from the combinations TR 39 allows', () => {
    expect(isMixedScript('ひらがな한국')).toBe(true);
    expect(isMixedScript('日本語ひらがな')).toBe(false);
  });
});
