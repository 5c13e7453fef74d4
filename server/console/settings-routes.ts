import { requireConsoleSession } from '../auth/guards';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { STORE_ALLOWED_ORIGINS_KEY } from '../checkout/embed-access';
import { parseConfig, type Config } from '../config';
import { restoreFile } from '../db/restore';
import { AppError, ErrorCode } from '../http/errors';
import { errorResponses } from '../http/responses';
import { addRoute } from '../http/route';
import {
  chainSettingsOf, configFile, mergedConfigFile, readConfigFile, settingsProblems, SettingsBody, startupProblem, writeConfigFile,
  type Problem, type SettingsInput,
} from './settings-file';

const TAGS = ['Console: settings'];
const ProblemsSchema = z.object({ valid: z.boolean(), problems: z.array(z.object({ field: z.string(), message: z.string() })) });

const windowsOf = (config: Config) => ({
  defaultExpirySeconds: config.payments.defaultExpirySeconds, monitoringWindowSeconds: config.payments.monitoringWindowSeconds,
});

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  requireConsoleSession(app);
  const { config, settings } = app.services;
  const dataDir = config.dataDir;

  const savedConfig = (): Config => {
    try {
      return parseConfig({ ...readConfigFile(dataDir), dataDir });
    } catch {
      return config;
    }
  };
  const allProblems = (input: SettingsInput): Problem[] => {
    const problems = settingsProblems(input);
    if (problems.length > 0) return problems;
    const startup = startupProblem(mergedConfigFile(readConfigFile(dataDir), input), dataDir);
    return startup ? [startup] : [];
  };
  const view = () => {
    const saved = savedConfig();
    const running = { chain: chainSettingsOf(config), payments: windowsOf(config) };
    const next = { chain: chainSettingsOf(saved), payments: windowsOf(saved) };
    return {
      running, saved: next, restartRequired: JSON.stringify(running) !== JSON.stringify(next),
      allowedOrigins: settings.get<string[]>(STORE_ALLOWED_ORIGINS_KEY) ?? [],
      dataDir, configFile: configFile(dataDir), restoreStaged: existsSync(restoreFile(dataDir)),
    };
  };

  addRoute(app, {
    method: 'GET', url: '/settings', tags: TAGS, auth: 'console',
    summary: 'Running and saved settings (chain changes apply at the next start), embedding origins, data folder',
    responses: { 200: { description: 'Settings; the toncenter API key is never returned' }, 401: errorResponses[401] },
    handler: view,
  });

  addRoute(app, {
    method: 'POST', url: '/settings/validate', tags: TAGS, auth: 'console', summary: 'Check settings without saving; lists every problem',
    body: SettingsBody,
    responses: { 200: { description: 'Problems by field', schema: ProblemsSchema }, ...errorResponses },
    handler: ({ body }) => {
      const problems = allProblems(body);
      return { valid: problems.length === 0, problems };
    },
  });

  addRoute(app, {
    method: 'PUT', url: '/settings', tags: TAGS, auth: 'console',
    summary: 'Save settings: embedding origins apply now; chain and payment windows go to <dataDir>/config.json and apply at restart',
    body: SettingsBody,
    responses: { 200: { description: 'The settings after saving' }, ...errorResponses },
    handler: ({ body }) => {
      const [problem] = allProblems(body);
      if (problem) throw new AppError(400, ErrorCode.validation, `${problem.field}: ${problem.message}`, problem.field);
      writeConfigFile(dataDir, mergedConfigFile(readConfigFile(dataDir), body));
      settings.set(STORE_ALLOWED_ORIGINS_KEY, [...new Set(body.allowedOrigins)]);
      return view();
    },
  });
}
