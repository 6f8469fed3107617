/** A command's Examples section, for addHelpText('after', ...). */
export function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
}
