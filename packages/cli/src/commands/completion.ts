import { Argument, type Command } from '@commander-js/extra-typings';
import { bashCompletion, zshCompletion } from '../completion.ts';
import type { Context } from '../context.ts';
import { examples } from '../help.ts';

export function register(program: Command, context: Context): void {
  program
    .command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh'] as const))
    .addHelpText('after', examples(['eval "$(keydeck completion bash)"   # in ~/.bashrc', 'eval "$(keydeck completion zsh)"    # in ~/.zshrc']))
    .action((shell) => {
      context.output.raw(shell === 'bash' ? bashCompletion(program) : zshCompletion(program));
    });
}
