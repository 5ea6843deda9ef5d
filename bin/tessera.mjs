#!/usr/bin/env node
/**
 * The `tessera` command (package.json "bin"). The CLI is TypeScript that imports the server's and
 * the runtime's own modules (the migration chain, the meta-schema checks, the password hasher), so
 * it runs through tsx, a devDependency present after `npm ci` in a clone; there is no separate build.
 */
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
