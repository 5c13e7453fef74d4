import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { STORE_ALLOWED_ORIGINS_KEY, storeAllowedOrigins, validOrigins } from '../payment-pages/embed-access';
import { forgetRefusal, readRefusals, REFUSED_ORIGINS_KEY, withoutRefusal } from '../payment-pages/refused-origins';
import { acceptedAssets, MAINNET_USDT_MASTER, parseConfig, type Config } from '../config/config';
import { restoreFile } from '../db/restore';
import { actorOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import {
  AllowOriginBodySchema,
  MAX_ALLOWED_ORIGINS,
  RefusedOriginQuerySchema,
  SettingsBodySchema,
  SettingsCheckSchema,
  SettingsViewSchema,
  type SettingsInput,
  type SettingsProblem as Problem,
  type SettingsView,
} from '../../contract/console-settings';
import {
  chainSettingsOf,
  configFile,
  mergedConfigFile,
  readConfigFile,
  restartConfig,
  settingsProblems,
  startupProblem,
  writeConfigFile,
} from './settings-file';
import { merchantWalletProblem } from './merchant-wallet-check';

const TAGS = ['Console: settings'];

const windowsOf = (config: Config) => ({
  defaultExpirySeconds: config.payments.defaultExpirySeconds,
  monitoringWindowSeconds: config.payments.monitoringWindowSeconds,
  acceptedAssets: acceptedAssets(config),
});

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { config, settings } = app.services;
  const dataDir = config.dataDir;

  const savedConfig = (): Config => {
    try {
      return parseConfig({ ...readConfigFile(dataDir), dataDir });
    } catch {
      return config;
    }
  };
  const allProblems = async (input: SettingsInput): Promise<Problem[]> => {
    const problems = settingsProblems(input);
    if (problems.length > 0) return problems;
    const file = mergedConfigFile(readConfigFile(dataDir), input);
    const startup = startupProblem(file, dataDir);
    if (startup) return [startup];
    const wallet = await walletProblem(parseConfig({ ...file, dataDir }));
    return wallet ? [wallet] : [];
  };
  /** Asks the chain the settings name (the open sandbox, or toncenter) what the merchant's address is. */
  const walletProblem = (next: Config) => {
    const { chain } = next;
    const sandbox = chain.mode === 'sandbox';
    const usdtMaster = sandbox
      ? app.runtime?.current()?.chain.sandbox
        ? app.runtime.info.jettonMaster
        : null
      : (chain.jettonMaster ?? MAINNET_USDT_MASTER);
    return merchantWalletProblem(app.runtime?.sourceFor(chain) ?? null, {
      address: chain.merchantAddress ?? '',
      usdtMaster,
      testOnly: chain.mode !== 'mainnet',
    });
  };
  /** Refused origins still waiting for the merchant: one allowed meanwhile (by hand) is no longer news. */
  const refusedView = async () => {
    const allowed = new Set(await storeAllowedOrigins(app.services));
    return (await readRefusals(settings))
      .filter((r) => !allowed.has(r.origin))
      .map((r) => ({
        origin: r.origin,
        firstSeenAt: new Date(r.firstSeenAt).toISOString(),
        lastSeenAt: new Date(r.lastSeenAt).toISOString(),
      }));
  };
  const view = async (): Promise<SettingsView> => {
    const saved = savedConfig();
    const running = { chain: chainSettingsOf(config), payments: windowsOf(config) };
    const next = { chain: chainSettingsOf(saved), payments: windowsOf(saved) };
    return {
      running,
      saved: next,
      restartRequired: JSON.stringify(running) !== JSON.stringify(next),
      allowedOrigins: (await settings.get<string[]>(STORE_ALLOWED_ORIGINS_KEY)) ?? [],
      refusedOrigins: await refusedView(),
      dataDir,
      configFile: configFile(dataDir),
      restoreStaged: existsSync(restoreFile(dataDir)),
    };
  };

  addRoute(app, {
    method: 'GET',
    url: '/settings',
    operationId: 'getSettings',
    tags: TAGS,
    auth: 'console',
    summary: 'Running and saved settings (chain changes apply at the next start), embedding origins, data folder',
    responses: {
      200: { description: 'Settings; the toncenter API key is never returned', schema: SettingsViewSchema },
    },
    handler: view,
  });

  addRoute(app, {
    method: 'POST',
    url: '/settings/validate',
    operationId: 'validateSettings',
    tags: TAGS,
    auth: 'console',
    summary: 'Check settings without saving; lists every problem',
    body: SettingsBodySchema,
    responses: { 200: { description: 'Problems by field', schema: SettingsCheckSchema } },
    handler: async ({ body }) => {
      const problems = await allProblems(body);
      return { valid: problems.length === 0, problems };
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/settings',
    operationId: 'updateSettings',
    tags: TAGS,
    auth: 'console',
    summary:
      'Save settings: embedding origins apply now; chain, payment windows and accepted assets go to <dataDir>/config.json and apply at restart',
    body: SettingsBodySchema,
    responses: { 200: { description: 'The settings after saving', schema: SettingsViewSchema } },
    handler: async ({ body }, request) => {
      const [problem] = await allProblems(body);
      if (problem) throw new AppError(400, ErrorCode.validation, `${problem.field}: ${problem.message}`, problem.field);
      writeConfigFile(dataDir, mergedConfigFile(readConfigFile(dataDir), body));
      // the file is no ledger write, so its entry is one of its own; no values (the toncenter key is one)
      await app.services.audit.record(actorOf(request), 'settings.change', 'config.json');
      await settings.set(STORE_ALLOWED_ORIGINS_KEY, [...new Set(body.allowedOrigins)], actorOf(request));
      return view();
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/settings/restart',
    operationId: 'restartRuntime',
    tags: TAGS,
    auth: 'console',
    summary:
      'Restart to apply: re-opens the chain and its watcher with the saved settings, in place; HTTP keeps serving and nothing in flight is lost',
    responses: {
      200: { description: 'The settings after the restart: running equals saved', schema: SettingsViewSchema },
      ...errors(400),
    },
    handler: async () => {
      if (!app.runtime)
        throw new AppError(400, ErrorCode.validation, 'chain: this service runs no chain to restart', 'chain');
      try {
        await app.runtime.restart(restartConfig(config, savedConfig()));
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new AppError(
          400,
          ErrorCode.validation,
          `chain: the saved settings could not be applied (${reason}); the service keeps running with the previous ones`,
          'chain',
        );
      }
      return view();
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/settings/allowed-origins',
    operationId: 'allowEmbeddingOrigin',
    tags: TAGS,
    auth: 'console',
    summary: 'Allow one origin to embed the checkout (the one-click approval of a refused origin); applies at once',
    body: AllowOriginBodySchema,
    responses: { 200: { description: 'The settings after saving', schema: SettingsViewSchema } },
    handler: async ({ body }, request) => {
      // one unit of work: the origin is allowed and its refusal forgotten together, or neither
      await settings.edit(async (stored) => {
        const list = validOrigins(await stored.get(STORE_ALLOWED_ORIGINS_KEY));
        if (!list.includes(body.origin)) {
          if (list.length >= MAX_ALLOWED_ORIGINS)
            throw new AppError(
              400,
              ErrorCode.validation,
              `origin: the store allows at most ${MAX_ALLOWED_ORIGINS} origins; remove one first`,
              'origin',
            );
          await stored.set(STORE_ALLOWED_ORIGINS_KEY, [...list, body.origin]);
        }
        const refusals = withoutRefusal(await stored.get(REFUSED_ORIGINS_KEY), body.origin);
        if (refusals) await stored.set(REFUSED_ORIGINS_KEY, refusals);
      }, actorOf(request));
      return view();
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/settings/refused-origins',
    operationId: 'dismissRefusedOrigin',
    tags: TAGS,
    auth: 'console',
    summary: 'Dismiss a refused origin without allowing it (it is listed again if it tries again)',
    query: RefusedOriginQuerySchema,
    responses: { 200: { description: 'The settings after saving', schema: SettingsViewSchema } },
    handler: async ({ query }, request) => {
      await forgetRefusal(settings, query.origin, actorOf(request));
      return view();
    },
  });
}
