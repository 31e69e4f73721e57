import path from 'node:path';
import { passSignalsToChildren, run } from './run.mjs';
import { useScratchTemporaryDirectory } from './scratch-directory.mjs';

/**
 * `node scripts/in-scratch-directory.mjs COMMAND [ARGUMENT…]`: one command with its temporary files in a folder
 * of its own, removed when it ends, and Ctrl-C or SIGTERM passed on to it. The npm scripts that start Vitest
 * alone go through it (among them the PostgreSQL pass of .ci/run), as scripts/test.mjs does for the whole suite.
 */
const [command, ...args] = process.argv.slice(2);
useScratchTemporaryDirectory(path.basename(command));
passSignalsToChildren();
process.exit(await run(command, args));
