import type { Command } from '@commander-js/extra-typings';

type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

/** Every command path ('' for the top) with the words that may follow it: subcommands and options. */
function paths(command: AnyCommand, prefix = '', found = new Map<string, string[]>()): Map<string, string[]> {
  const options = command.options.flatMap((option) => [option.long, option.short].filter((flag): flag is string => !!flag));
  const subcommands = command.commands.map((sub) => sub.name());
  const choices = command.registeredArguments.flatMap((argument) => argument.argChoices ?? []);
  found.set(prefix, [...subcommands, ...choices, ...options]);
  for (const sub of command.commands) paths(sub as AnyCommand, prefix ? `${prefix} ${sub.name()}` : sub.name(), found);
  return found;
}

/** Options that take a value: the word after them is that value, not a command. */
function valueOptions(command: AnyCommand, found = new Set<string>()): Set<string> {
  for (const option of command.options) if (option.required || option.optional) [option.long, option.short].forEach((flag) => flag && found.add(flag));
  for (const sub of command.commands) valueOptions(sub as AnyCommand, found);
  return found;
}

/** A bash completion script generated from the command tree, so it never lags behind the commands. */
export function bashCompletion(program: AnyCommand): string {
  const name = program.name();
  const cases = [...paths(program)].map(([path, words]) => `    '${path}') words='${words.join(' ')}' ;;`).join('\n');
  return `# ${name} completion for bash: eval "$(${name} completion bash)"
_${name}() {
  local cur=\${COMP_WORDS[COMP_CWORD]} path='' skip='' w i
  for (( i = 1; i < COMP_CWORD; i++ )); do
    w=\${COMP_WORDS[i]}
    if [[ -n $skip ]]; then skip=''; continue; fi
    case " ${[...valueOptions(program)].join(' ')} " in *" $w "*) skip=1; continue ;; esac
    [[ $w == -* ]] || path=\${path:+$path }$w
  done
  local words=''
  case "$path" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -F _${name} ${name}
`;
}

/** zsh runs the bash function through bashcompinit. */
export function zshCompletion(program: AnyCommand): string {
  return `# ${program.name()} completion for zsh: eval "$(${program.name()} completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashCompletion(program)}`;
}
