import type { z } from 'zod';
import { CoreMessages } from './core-messages.ts';

/**
 * The one rule for every name a user gives something (keys, key groups, device groups, roles, services, users'
 * display names...), so that no name in a list can pass for another: no hidden characters and no mixed scripts.
 */
export function distinctName(schema: z.ZodString): z.ZodString {
  return schema
    .refine((name) => !HIDDEN.test(name), CoreMessages.nameHiddenCharacters)
    .refine((name) => !isMixedScript(name), CoreMessages.nameMixedScripts);
}

/** Control (Cc) and format (Cf) characters: tabs, bidirectional overrides and isolates, zero-width spaces and joiners. */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;

/** Characters of every script (Common: digits, punctuation; Inherited: combining accents), mixing with any. */
const NEUTRAL = /[\p{sc=Zyyy}\p{sc=Zinh}]/u;

/** Unicode's scripts by their codes (PropertyValueAliases.txt), Latin first. */
const SCRIPT_CODES = `
  Latn Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Bhks Bopo Brah Brai Bugi Buhd Cakm Cans
  Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Geor Glag Gong Gonm
  Goth Gran Grek Gujr Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Khar Khmr
  Khoj Kits Knda Kthi Lana Laoo Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc
  Mero Mlym Modi Mong Mroo Mtei Mult Mymr Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Orkh Orya Osge Osma Ougr
  Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sind Sinh
  Sogd Sogo Sora Soyo Sund Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Telu Tfng Tglg Thaa Thai Tibt Tirh
  Tnsa Toto Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb Kawi Nagm Gara Gukh Krai Onao Sunu Todr Tutg
`;

/**
 * A test per script, made on first use (so that a bundle which never checks a name carries none of this); a script
 * this JavaScript engine's Unicode tables do not know yet is left out, not fatal.
 */
let scripts: { code: string; test: RegExp }[] | undefined;
function knownScripts() {
  scripts ??= SCRIPT_CODES.trim()
    .split(/\s+/)
    .flatMap((code) => {
      try {
        return [{ code, test: new RegExp(`^\\p{sc=${code}}$`, 'u') }];
      } catch {
        return [];
      }
    });
  return scripts;
}

/**
 * The combinations of scripts that Unicode TR 39's Highly Restrictive level allows in one name, beside a single
 * script: Japanese, Chinese with Bopomofo, and Korean, each with Latin.
 */
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latn', 'Hani', 'Hira', 'Kana'],
  ['Latn', 'Hani', 'Bopo'],
  ['Latn', 'Hani', 'Hang'],
];

/** True when the name's letters come from several scripts (Common and Inherited aside) that TR 39 does not allow together. */
export function isMixedScript(name: string): boolean {
  const used = new Set<string>();
  for (const char of name) {
    if (NEUTRAL.test(char)) continue;
    // Unassigned code points belong to no script: they count as one of their own.
    used.add(knownScripts().find((script) => script.test.test(char))?.code ?? 'Zzzz');
  }
  if (used.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...used].every((code) => allowed.includes(code)));
}
