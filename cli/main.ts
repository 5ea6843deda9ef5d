/**
 * `tessera <group> <command> [options]`: the command table and the one place errors become exit
 * codes. Every command answers an exit code (0 ok, 1 the command found problems or failed, 2 bad
 * usage) and prints its failure as one clear line on stderr; nothing is thrown at the user.
 */
import { appCreate } from './app-create';
import { CliError, type Command } from './args';
import { schemaCheck, schemaMigrate } from './schema-files';
import { schemaDiff, schemaPull, schemaPush } from './schema-remote';
import { userResetPassword } from './user-reset-password';

const COMMANDS: Record<string, Command> = {
  'schema check': schemaCheck,
  'schema migrate': schemaMigrate,
  'schema pull': schemaPull,
  'schema push': schemaPush,
  'schema diff': schemaDiff,
  'app create': appCreate,
  'user reset-password': userResetPassword,
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
  const command = COMMANDS[name];
  if (!command) {
    console.error(`tessera: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  const args = argv.slice(2);
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
