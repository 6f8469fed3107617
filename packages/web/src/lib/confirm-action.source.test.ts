import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: a refusal of a confirmed action stays in its dialog until dismissed. A flow that asks with the plain
 * Yes/No `confirm` and then sends closes the dialog first, so the refusal could only be a toast: such flows use
 * confirmAction. Read from the source: which files still take `confirm` from lib/dialogs.
 */
const SRC = join(import.meta.dirname, '..');
/** Confirms that send nothing, or whose refusal is shown elsewhere until dismissed; each says why. */
const SENDS_NOTHING_OR_SHOWS_IN_PLACE = new Map([
  ['features/payment-keys/components/component-ceremony-modal.tsx', 'asks before discarding the typed components; nothing is sent'],
  ['features/cloud-hsms/components/backup-modals.tsx', 'the restore is the form’s submit: its refusal stays on the form'],
  ['lib/ui/selection-bar.tsx', 'each row’s failure goes to the batch report, which stays until dismissed'],
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Whether the file imports `confirm` from the dialogs module. */
function takesPlainConfirm(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.some((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return false;
    if (!/(^|\/)dialogs$/.test(statement.moduleSpecifier.text)) return false;
    const bindings = statement.importClause?.namedBindings;
    return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.some((element) => (element.propertyName ?? element.name).text === 'confirm');
  });
}

describe('confirmed actions', () => {
  it('run in their dialog (confirmAction), not after a plain confirm that closes first', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => !SENDS_NOTHING_OR_SHOWS_IN_PLACE.has(file))
      .filter((file) => takesPlainConfirm(join(SRC, file)));
    expect(offenders).toEqual([]);
  });

  it('exempts only files that still ask a plain confirm', () => {
    const stale = [...SENDS_NOTHING_OR_SHOWS_IN_PLACE.keys()].filter((file) => !takesPlainConfirm(join(SRC, file)));
    expect(stale).toEqual([]);
  });
});
