import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addressFacts } from '../chain/address-facts';
import { parseConfig, type Config } from '../config/config';
import type { ChainSettings, SettingsInput, SettingsProblem as Problem } from '../../contract/console-settings';
import { OriginSchema } from '../../contract/payments';

export const configFile = (dataDir: string): string => join(dataDir, 'config.json');

export function readConfigFile(dataDir: string): Record<string, unknown> {
  const file = configFile(dataDir);
  if (!existsSync(file)) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function chainSettingsOf(config: Pick<Config, 'chain'>): ChainSettings {
  const c = config.chain;
  return {
    mode: c.mode,
    merchantAddress: c.merchantAddress ?? '',
    toncenterEndpoint: c.toncenterEndpoint ?? '',
    hasToncenterApiKey: !!c.toncenterApiKey,
    jettonMaster: c.jettonMaster ?? '',
  };
}

function addressProblem(value: string, mode: string): string | null {
  const facts = addressFacts(value);
  if (!facts) return 'is not a TON address (expected a form such as UQ… or EQ…, or 0:<64 hex digits>)';
  if (mode === 'mainnet' && facts.testOnly) return 'is a testnet address; use the mainnet form of your wallet address';
  return null;
}

/** Every problem with the input at once, so the form can mark each field. */
export function settingsProblems(input: SettingsInput): Problem[] {
  const problems: Problem[] = [];
  const { chain } = input;
  if (chain.mode !== 'sandbox' && !chain.merchantAddress)
    problems.push({ field: 'chain.merchantAddress', message: `is required in ${chain.mode} mode` });
  if (chain.merchantAddress) {
    const problem = addressProblem(chain.merchantAddress, chain.mode);
    if (problem) problems.push({ field: 'chain.merchantAddress', message: problem });
  }
  if (chain.mode === 'testnet' && !chain.jettonMaster)
    problems.push({
      field: 'chain.jettonMaster',
      message: 'is required in testnet mode (there is no official USDT on testnet)',
    });
  if (chain.jettonMaster) {
    const problem = addressProblem(chain.jettonMaster, chain.mode);
    if (problem)
      problems.push({
        field: 'chain.jettonMaster',
        message: problem.replace('your wallet address', 'the jetton master'),
      });
  }
  if (chain.toncenterEndpoint) {
    let ok = false;
    try {
      const url = new URL(chain.toncenterEndpoint);
      ok = url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      /* not a URL */
    }
    if (!ok)
      problems.push({
        field: 'chain.toncenterEndpoint',
        message: 'must be an http(s) URL such as https://toncenter.com/api/v2/jsonRPC',
      });
  }
  input.allowedOrigins.forEach((origin, i) => {
    const result = OriginSchema.safeParse(origin);
    if (!result.success)
      problems.push({
        field: `allowedOrigins.${i}`,
        message: `${origin}: ${result.error.issues[0]?.message ?? 'invalid'}`,
      });
  });
  return problems;
}

/** The config.json that saving would write: the file's other keys are kept. */
export function mergedConfigFile(existing: Record<string, unknown>, input: SettingsInput): Record<string, unknown> {
  const oldChain = (existing.chain && typeof existing.chain === 'object' ? existing.chain : {}) as Record<
    string,
    unknown
  >;
  const oldPayments = (existing.payments && typeof existing.payments === 'object' ? existing.payments : {}) as Record<
    string,
    unknown
  >;
  const chain: Record<string, unknown> = { ...oldChain, mode: input.chain.mode };
  const set = (key: string, value: string) => {
    if (value) chain[key] = value;
    else delete chain[key];
  };
  set('merchantAddress', input.chain.merchantAddress);
  set('toncenterEndpoint', input.chain.toncenterEndpoint);
  set('jettonMaster', input.chain.jettonMaster);
  if (input.chain.toncenterApiKey !== undefined) set('toncenterApiKey', input.chain.toncenterApiKey);
  // accepted assets left out of the input stay as the file had them (a console before Toncoin sends none)
  const { acceptedAssets, ...windows } = input.payments;
  const payments = { ...oldPayments, ...windows, ...(acceptedAssets ? { acceptedAssets } : {}) };
  return { ...existing, chain, payments };
}

/** Would the service start with this file? Runs the real config parser over it. */
export function startupProblem(file: Record<string, unknown>, dataDir: string): Problem | null {
  try {
    parseConfig({ ...file, dataDir });
    return null;
  } catch (err) {
    return { field: 'chain', message: (err as Error).message };
  }
}

/** Owner-only, written beside and renamed into place so a crash never leaves half a file. */
export function writeConfigFile(dataDir: string, content: Record<string, unknown>): void {
  const file = configFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * The configuration a restart in place runs with: the settings the console manages come from the
 * saved file, everything else (flags, environment, poll interval) stays as the service started.
 */
export function restartConfig(running: Config, saved: Config): Config {
  const { mode, merchantAddress, toncenterEndpoint, toncenterApiKey, jettonMaster, ...kept } = running.chain;
  void [mode, merchantAddress, toncenterEndpoint, toncenterApiKey, jettonMaster];
  const chain = {
    ...kept,
    mode: saved.chain.mode,
    ...definedOnly({
      merchantAddress: saved.chain.merchantAddress,
      toncenterEndpoint: saved.chain.toncenterEndpoint,
      toncenterApiKey: saved.chain.toncenterApiKey,
      jettonMaster: saved.chain.jettonMaster,
    }),
  };
  const payments = {
    ...running.payments,
    defaultExpirySeconds: saved.payments.defaultExpirySeconds,
    monitoringWindowSeconds: saved.payments.monitoringWindowSeconds,
    acceptedAssets: saved.payments.acceptedAssets,
  };
  return { ...running, chain, payments };
}

const definedOnly = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
