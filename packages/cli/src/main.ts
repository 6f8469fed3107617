import { Command } from '@commander-js/extra-typings';

const program = new Command('keydeck').description("Keydeck's command-line tool").version('0.1.0');
await program.parseAsync();
