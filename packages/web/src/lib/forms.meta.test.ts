import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The one form system (ARCHITECTURE.md, Web › Forms), kept so: every feature form is a ContractForm
// (react-hook-form + the contract schema) built from lib/ui's field controls, which own their Mantine CSS.

const FEATURES = join(import.meta.dirname, '..', 'features');
const sources = (readdirSync(FEATURES, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((path) => path.endsWith('.tsx') && !path.endsWith('.test.tsx'))
  .map((path) => ({ path: relative(FEATURES, join(FEATURES, path)), text: readFileSync(join(FEATURES, path), 'utf8') }));
const forms = sources.filter(({ text }) => /<(ContractForm|FormModal)\b/.test(text));

/** Mantine inputs a form takes from lib/ui instead (TextField, SelectField, RadioGroupField...). */
const RAW_INPUTS = ['TextInput', 'PasswordInput', 'NumberInput', 'Textarea', 'Select', 'MultiSelect', 'Autocomplete', 'Switch', 'Checkbox', 'FileInput'];
/** The CSS those controls (and ContractForm's grid) import once. */
const CONTROL_CSS = ['Input', 'InlineInput', 'PasswordInput', 'NumberInput', 'Combobox', 'Popover', 'Pill', 'PillsInput', 'Switch', 'Checkbox', 'Radio', 'SimpleGrid'];

const mantineImports = (text: string) =>
  [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim()));

describe('forms', () => {
  it('are ContractForms: no feature renders a raw <form>', () => {
    expect(sources.filter(({ text }) => /<form\b/.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it('keep their values in the form, not in useState', () => {
    expect(forms.filter(({ text }) => /\buseState\b/.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it('use the lib/ui field controls, not raw Mantine inputs', () => {
    const raw = forms.flatMap(({ path, text }) => [
      ...mantineImports(text).filter((name) => RAW_INPUTS.includes(name)).map((name) => `${path}: ${name}`),
      ...(/\bRadio\.Group\b/.test(text) ? [`${path}: Radio.Group`] : []),
    ]);
    expect(raw).toEqual([]);
  });

  it('leave the controls’ Mantine CSS to lib/ui', () => {
    const css = forms.flatMap(({ path, text }) =>
      [...text.matchAll(/import '@mantine\/core\/styles\/(\w+)\.css'/g)].filter((match) => CONTROL_CSS.includes(match[1]!)).map((match) => `${path}: ${match[1]}.css`),
    );
    expect(css).toEqual([]);
  });
});
