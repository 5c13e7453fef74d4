import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseAnyAmount } from '../../contract/amount';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import { AssetCodeSchema } from '../../contract/asset-schemas';
import { ChainModeSchema } from '../../contract/chain';

export const MAINNET_USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';

const ConfigSchema = z
  .object({
    host: z.string().default('127.0.0.1'),
    port: z.coerce.number().int().min(0).max(65535).default(8787),
    dataDir: z.string().min(1),
    /**
     * The service's public base URL, `{base_url}` in the spec. It may carry a path prefix when a
     * reverse proxy mounts the service under one (and strips it before forwarding); links are built
     * by appending to it, so a trailing slash is dropped.
     */
    publicUrl: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .refine((u) => {
        const url = URL.parse(u);
        return !!url && !url.search && !url.hash && !url.username && !url.password;
      }, 'must be an http(s) URL without query, fragment or credentials')
      .transform((u) => new URL(u).href.replace(/\/+$/, ''))
      .optional(),
    /**
     * Behind a reverse proxy: take the client address, scheme and host from X-Forwarded-*. `true`
     * trusts proxies on loopback and private networks; a list names the proxies (addresses or CIDRs).
     */
    trustProxy: z
      .union([
        z.boolean(),
        z
          .array(z.string().refine(isProxyAddress, 'must be an IP address, a CIDR or loopback/linklocal/uniquelocal'))
          .min(1),
      ])
      .default(false),
    /** host names the console answers to besides localhost, IP literals and publicUrl's (DNS rebinding guard) */
    allowedHosts: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[\w.-]{1,253}$/, 'must be a host name without port'),
      )
      .default([]),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
    bodyLimitBytes: z.number().int().min(1024).max(1_048_576).default(65_536),
    chain: z
      .object({
        mode: ChainModeSchema.default('sandbox'),
        merchantAddress: z.string().optional(),
        toncenterEndpoint: z.url().optional(),
        toncenterApiKey: z.string().optional(),
        /** requests per second to toncenter; defaults to its published limits (1 without a key, 10 with) */
        toncenterRps: z.number().min(0.1).max(1000).optional(),
        jettonMaster: z.string().optional(),
        pollIntervalMs: z.number().int().min(200).max(600_000).default(2_000),
        /** transactions credited per SQLite transaction while catching up */
        watcherBatchSize: z.number().int().min(1).max(5_000).default(500),
        /**
         * testnet/mainnet: toncenter's stream wakes the watcher as transactions are finalized. Polling
         * stays the truth: every pollIntervalMs while the stream is down, every safetyPollIntervalMs
         * (never more often than pollIntervalMs) while it is up.
         */
        /**
         * testnet/mainnet: where chain data comes from, primary first. With two, the watcher fails over
         * to the second when the first errs, rate-limits or stalls, and comes back when it recovers.
         */
        providers: z
          .array(z.enum(['toncenter', 'tonapi']))
          .min(1)
          .max(2)
          .refine((list) => new Set(list).size === list.length, 'must not name a provider twice')
          .default(['toncenter']),
        /** default: https://tonapi.io, or https://testnet.tonapi.io on testnet */
        tonapiUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
        tonapiApiKey: z.string().optional(),
        /** requests per second to tonapi; defaults to 1 without a key, 10 with */
        tonapiRps: z.number().min(0.1).max(1000).optional(),
        /** how often the books are checked against the wallet on chain; 0 turns the timer off (the console still checks on demand) */
        reconcileIntervalMs: z.number().int().min(0).max(86_400_000).default(600_000),
        streaming: z
          .object({
            enabled: z.boolean().default(true),
            /** default: toncenter's for the mode, or `/api/streaming/v2/sse` on toncenterEndpoint's origin */
            url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
            safetyPollIntervalMs: z.number().int().min(1_000).max(3_600_000).default(30_000),
          })
          .prefault({}),
      })
      .prefault({}),
    /**
     * Where the ledger lives. Without a URL, a SQLite file in dataDir (one process, the desktop till).
     * With `postgres://…`, PostgreSQL, shared by any number of instances (one of them watches the chain).
     */
    database: z
      .object({
        url: z
          .string()
          .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection URL')
          .optional(),
        /** connections each instance keeps in its pool (the watcher's lease and the live relay hold one more each) */
        poolSize: z.number().int().min(1).max(200).default(10),
      })
      .prefault({}),
    payments: z
      .object({
        maxAmount: z
          .string()
          .refine((v) => parseAnyAmount(v, 2n ** 62n).ok, 'must be a decimal amount the ledger can hold in every asset')
          .default('1000000'),
        defaultExpirySeconds: z
          .number()
          .int()
          .min(60)
          .max(7 * 24 * 3600)
          .default(1800),
        monitoringWindowSeconds: z
          .number()
          .int()
          .min(0)
          .max(30 * 24 * 3600)
          .default(24 * 3600),
        /** the assets the store takes; unset: acceptedAssets(config) decides by the chain's mode */
        acceptedAssets: z
          .array(AssetCodeSchema)
          .min(1, 'must name at least one asset')
          .refine((list) => new Set(list).size === list.length, 'must not name an asset twice')
          .optional(),
      })
      .prefault({}),
    rateLimit: z
      .object({
        enabled: z.boolean().default(true),
        /** per client address, for requests without a valid API key (checkout pages, console, bad keys) */
        max: z.number().int().min(1).default(600),
        /** per valid API key: 6000 a minute keeps a backend at 50 requests a second well clear of it */
        keyMax: z.number().int().min(1).default(6000),
        windowMs: z.number().int().min(1000).default(60_000),
      })
      .prefault({}),
    /**
     * Live exchange rates for fiat prices (docs/rates.md): the sources asked, in order (the first fresh
     * answer is locked, the second checks it), the ECB's table for crosses, a timeout per request and a
     * short cache. On the sandbox chain the fixed table serves unless useSandboxTable is false.
     */
    rates: z
      .object({
        useSandboxTable: z.boolean().default(true),
        sources: z
          .array(
            z.object({
              name: z.enum(['tonapi', 'coingecko']),
              baseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
              apiKey: z.string().min(1).optional(),
            }),
          )
          .min(1)
          .max(4)
          .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'must not name a source twice')
          .default([
            { name: 'tonapi', baseUrl: 'https://tonapi.io' },
            { name: 'coingecko', baseUrl: 'https://api.coingecko.com' },
          ]),
        /** the ECB's site; eurofxref-daily.xml is read under it. null: no crosses through the ECB */
        ecbUrl: z
          .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
          .nullable()
          .default('https://www.ecb.europa.eu'),
        /** the ECB publishes on TARGET working days only: Friday's table still serves on Tuesday morning after a holiday Monday */
        ecbMaxAgeHours: z.number().int().min(24).max(240).default(96),
        timeoutMs: z.number().int().min(100).max(60_000).default(3_000),
        cacheSeconds: z.number().int().min(1).max(3_600).default(60),
      })
      .prefault({}),
  })
  .superRefine((c, ctx) => {
    if (c.chain.mode !== 'sandbox' && !c.chain.merchantAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['chain', 'merchantAddress'],
        message: `is required in ${c.chain.mode} mode`,
      });
    }
    // There is no official USDT on testnet: the merchant must name the test jetton they accept.
    if (c.chain.mode === 'testnet' && !c.chain.jettonMaster) {
      ctx.addIssue({ code: 'custom', path: ['chain', 'jettonMaster'], message: 'is required in testnet mode' });
    }
  });

export type Config = z.output<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

/**
 * The assets the store takes, in the registry's order: what `payments.acceptedAssets` names, else
 * every asset in sandbox mode (to try them all) and USDT only on testnet and mainnet, so a store
 * set up before Toncoin goes on as it was until its owner chooses.
 */
export function acceptedAssets(config: {
  chain: Pick<Config['chain'], 'mode'>;
  payments: Pick<Config['payments'], 'acceptedAssets'>;
}): AssetCode[] {
  const chosen = config.payments.acceptedAssets ?? (config.chain.mode === 'sandbox' ? ASSET_CODES : ['USDT']);
  return ASSET_CODES.filter((code) => chosen.includes(code));
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.includes(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Fastify's trustProxy for the setting. `true` does not mean "trust every hop": a client could then
 * name any address in X-Forwarded-For. Only proxies on loopback or private networks are believed.
 */
export function trustedProxies(setting: Config['trustProxy']): false | string[] {
  if (setting === false) return false;
  return setting === true ? [...PROXY_RANGE_NAMES] : setting;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const defaultDataDir = (): string => join(homedir(), '.tontill');

type DeepPartial = { [key: string]: unknown };

function merge(base: DeepPartial, over: DeepPartial): DeepPartial {
  const out: DeepPartial = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const prev = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && prev && typeof prev === 'object'
        ? merge(prev as DeepPartial, value as DeepPartial)
        : value;
  }
  return out;
}

function fromArgs(argv: string[]): DeepPartial {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      config: { type: 'string' },
      'chain-mode': { type: 'string' },
      'public-url': { type: 'string' },
    },
  });
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    port: str(values.port),
    host: str(values.host),
    dataDir: str(values['data-dir']),
    configFile: str(values.config),
    publicUrl: str(values['public-url']),
    chain: { mode: str(values['chain-mode']) },
  };
}

/** `true`/`1`, `false`/`0`, or a comma-separated list of proxy addresses; anything else is left for the schema to refuse. */
function trustProxyFromEnv(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  const flags: Record<string, boolean> = { true: true, 1: true, false: false, 0: false };
  return flags[value.trim().toLowerCase()] ?? value.split(',').map((s) => s.trim());
}

function fromEnv(env: NodeJS.ProcessEnv): DeepPartial {
  // `TONTILL_DATA_DIR= npm run serve` means "not set", not "the current directory"
  const get = (name: string) => (env[name] ? env[name] : undefined);
  return {
    port: get('PORT'),
    host: get('TONTILL_HOST'),
    dataDir: get('TONTILL_DATA_DIR'),
    publicUrl: get('TONTILL_PUBLIC_URL'),
    trustProxy: trustProxyFromEnv(get('TONTILL_TRUST_PROXY')),
    allowedHosts: get('TONTILL_ALLOWED_HOSTS')?.split(','),
    database: { url: get('TONTILL_DATABASE_URL') },
    chain: {
      mode: get('TONTILL_CHAIN_MODE'),
      toncenterApiKey: get('TONTILL_TONCENTER_API_KEY'),
      tonapiApiKey: get('TONTILL_TONAPI_API_KEY'),
      merchantAddress: get('TONTILL_MERCHANT_ADDRESS'),
    },
  };
}

/** Precedence: CLI flags > environment > `<dataDir>/config.json` (or --config) > defaults. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): Config {
  const args = fromArgs(argv);
  const early = merge(fromEnv(env), args);
  const dataDir = resolve(typeof early.dataDir === 'string' ? early.dataDir : defaultDataDir());
  const file = typeof args.configFile === 'string' ? resolve(args.configFile) : join(dataDir, 'config.json');
  let fromFile: DeepPartial = {};
  if (existsSync(file)) {
    try {
      fromFile = JSON.parse(readFileSync(file, 'utf8')) as DeepPartial;
    } catch (err) {
      throw new ConfigError(`${file} is not valid JSON: ${(err as Error).message}`);
    }
  }
  const { configFile: _ignored, ...rest } = early;
  return parseConfig(merge(merge(fromFile, rest), { dataDir }));
}

export function parseConfig(input: unknown): Config {
  const result = ConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ConfigError(`config ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
}
