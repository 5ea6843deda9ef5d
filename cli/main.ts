/**
 * `tessera <group> <command> [options]`: the command table and the one place errors become exit
 * codes. Every command answers an exit code (0 ok, 1 the command found problems or failed, 2 bad
 * usage) and prints its failure as one clear line on stderr; nothing is thrown at the user.
 */
import '../protocol/messages/late'; // the server's catalogs: commands run server code that answers with them
import { CliError, type Command } from './args';

/**
 * Name → summary and a loader: a command's module (and the server or runtime code it pulls in) is
 * imported only when it runs, so `tessera --help` starts in a fraction of the time.
 */
const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  'schema check': {
    summary: 'Check schema files: meta-schema, latest schemaVersion and cross-references',
    load: async () => (await import('./schema-files')).schemaCheck,
  },
  'schema migrate': {
    summary: 'Rewrite page schema files to the latest schemaVersion',
    load: async () => (await import('./schema-files')).schemaMigrate,
  },
  'schema pull': {
    summary: "Write a module's schema from a running instance to a file",
    load: async () => (await import('./schema-remote')).schemaPull,
  },
  'schema push': {
    summary: "Save a module's schema from a file to a running instance",
    load: async () => (await import('./schema-remote')).schemaPush,
  },
  'schema diff': {
    summary: "Show the changes between two stored versions of a module's schema",
    load: async () => (await import('./schema-remote')).schemaDiff,
  },
  'app create': {
    summary: 'Create an app from a template folder, directly on the database',
    load: async () => (await import('./app-create')).appCreate,
  },
  'user reset-password': {
    summary: 'Set a user password directly on the database (DATABASE_URL), signing them out',
    load: async () => (await import('./user-reset-password')).userResetPassword,
  },
};

const USAGE = `Usage: tessera <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(22)}${command.summary}`)
  .join('\n')}

Run \`tessera <command> --help\` for a command's options.`;

export async function main(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(USAGE);
    return argv.length ? 0 : 2;
  }
  const name = `${argv[0]} ${argv[1] ?? ''}`.trim();
  const entry = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    console.error(`tessera: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  const args = argv.slice(2);
  const command = await entry.load();
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`Usage: tessera ${name} ${command.usage}\n\n${command.summary}\n\n${command.help}`);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`tessera ${name}: ${error.message}`);
      return error.exitCode;
    }
    console.error(`tessera ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
