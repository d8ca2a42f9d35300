import { runAdmin } from './commands.ts';

// npm run admin -- <command> [options]; `npm run admin -- --help` lists the commands.
const code = await runAdmin(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
