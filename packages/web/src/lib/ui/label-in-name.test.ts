import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.5.3 (label in name): a control whose aria-label replaces its visible words must start with those words,
 * so that a speech-input user who says "click Run now" reaches it. Read from the source, where every control of the
 * web is: each element with an aria-label and plain text inside ("More", "Run now").
 */
const SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The words an aria-label starts with before its first interpolation; null when it starts with one. */
function leadingWords(initializer: ts.JsxAttributeValue | undefined): string | null {
  const value = initializer && ts.isJsxExpression(initializer) ? initializer.expression : initializer;
  if (!value) return null;
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
  if (ts.isTemplateExpression(value)) return value.head.text || null;
  return null;
}

function mismatches(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Its words, beside at most an icon; a glyph alone ("×") is no words to say.
    if (ts.isJsxElement(node) && node.children.every((child) => ts.isJsxText(child) || ts.isJsxSelfClosingElement(child))) {
      const words = node.children.filter((child) => ts.isJsxText(child)).map((child) => child.getText());
      const visible = words.join(' ').replace(/\s+/g, ' ').trim().replace(/…$/, '');
      const attribute = node.openingElement.attributes.properties.find(
        (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === 'aria-label',
      );
      const label = attribute ? leadingWords(attribute.initializer) : null;
      if (/\p{L}/u.test(visible) && label !== null && !label.toLowerCase().startsWith(visible.toLowerCase())) {
        found.push(`${relative(SRC, file)}: "${visible}" is named "${label}…"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('accessible names', () => {
  it('start with the words the control shows, on every control of the web', () => {
    expect(sourceFiles(SRC).flatMap(mismatches)).toEqual([]);
  });
});
