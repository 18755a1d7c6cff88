// `gammawatch analyze <chain file | -> [--json] [--r R] [--q Q]`: one imported chain (`-`: read
// from stdin, its format told from its content) through the
// engine, offline, at the file's ticker's stated carry (src/shared/carry.ts) unless --r or --q
// says otherwise. A readable summary by default; with --json the three objects the local service
// would serve as `data` for this chain from /curves/gex_by_strike (exp=combined),
// /curves/gamma/expirations and /market-structure, plus `notes` (every data-quality note the summary
// shows). The work is the service's `analyzeChainFile`; this file parses the arguments and prints.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { analyzeChainFile, analyzeChainStream, ChainImportError } from '../../service/index.ts';
import { CliError, type Command } from './command.ts';
import { RISK_FREE_RATE } from '../../shared/carry.ts';
import { messageOf } from '../../shared/message-of.ts';

const USAGE = [
  'usage: gammawatch analyze <chain file | -> [--json] [--r R] [--q Q]',
  '',
  '  <chain file>  a Cboe quotedata.csv or Cboe delayed-quotes JSON file',
  '  -             read the chain from stdin (CSV or JSON, told from the content)',
  '  --json        print { gex_by_strike, gamma_expirations, market_structure, notes } as JSON',
  `  --r R         risk-free rate, continuous, decimal (default: the stated rate, ${RISK_FREE_RATE})`,
  "  --q Q         dividend yield, continuous, decimal (default: the ticker's stated yield, 0 if unknown)",
].join('\n');

/** A rate as typed on the command line: a decimal between -100 % and 100 %. */
const rateSchema = z.coerce.number().finite().min(-1).max(1);

const argsSchema = z.object({
  file: z.string().min(1),
  json: z.boolean(),
  pricing: z.object({ r: rateSchema.optional(), q: rateSchema.optional() }),
});
type AnalyzeArgs = z.infer<typeof argsSchema>;

/** A mistake in the arguments: exit code 2, with the usage under the message. */
function usageError(message: string): CliError {
  return new CliError(message, 'usage', 2, USAGE);
}

function parse(argv: readonly string[]): AnalyzeArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        r: { type: 'string' },
        q: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw usageError(messageOf(error));
  }
  if (parsed.values.help) return 'help';
  if (parsed.positionals.length !== 1) {
    throw usageError(
      parsed.positionals.length === 0 ? 'missing <chain file>' : 'expected exactly one chain file',
    );
  }
  const result = argsSchema.safeParse({
    file: parsed.positionals[0],
    json: parsed.values.json,
    pricing: { r: parsed.values.r, q: parsed.values.q },
  });
  if (!result.success) {
    const key = String(result.error.issues[0]?.path.at(-1) ?? 'r') as 'r' | 'q';
    throw usageError(`--${key}: '${parsed.values[key]}' is not a decimal between -1 and 1`);
  }
  return result.data;
}

async function run(argv: readonly string[]): Promise<number> {
  const args = parse(argv);
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const options = { pricing: args.pricing, json: args.json };
  let text: string;
  try {
    text =
      args.file === '-'
        ? await analyzeChainStream(process.stdin, options)
        : await analyzeChainFile(args.file, options);
  } catch (error) {
    if (!(error instanceof ChainImportError)) throw error;
    throw new CliError(`cannot import the chain: ${error.message}`, 'chain_import', 1);
  }
  process.stdout.write(`${text}\n`);
  return 0;
}

const analyze: Command = {
  run,
};

export default analyze;
