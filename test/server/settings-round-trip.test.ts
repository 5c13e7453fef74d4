// Every console setting a PUT (or POST/PATCH) stores is read back by a GET: whatever the request
// schema accepts must come back through the response serializer, or the save answers 500 after it
// was written and the screen that reads it breaks until someone overwrites it.
import fc from 'fast-check';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { BackupSettingsSchema } from '../../contract/backups';
import { CatalogueSchema } from '../../contract/console';
import {
  canonicalTimeZone,
  SettingsBodySchema,
  StoreProfileBodySchema,
  TimeZoneBodySchema,
} from '../../contract/console-settings';
import { CreateEndpointBody, UpdateEndpointBody } from '../../contract/webhooks';
import { chainSettingsOf, mergedConfigFile } from '../../server/console-api/settings-file';
import { acceptedAssets, parseConfig } from '../../server/config/config';
import { ASSET_CODES } from '../../contract/asset';
import { ErrorSchema } from '../../server/http/responses';
import { createTestApp, TEST_CHAIN, tempDir, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';
import { storableOddText } from '../helpers/odd-text';

const SEED = 20_261_127;
const RUNS = 40;

/** Values the request schema accepts, drawn from candidates rich in odd characters. */
const accepted = <T>(schema: ZodType, candidates: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  candidates.filter((v) => schema.safeParse(v).success);

const httpsUrl = fc
  .tuple(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }), storableOddText(4))
  .map(([url, tail]) => `${url}${tail}`);
const email = fc.oneof(
  fc.emailAddress(),
  fc.tuple(storableOddText(3), fc.domain()).map(([local, domain]) => `${local}@${domain}`),
  fc.constantFrom('"a b"@shop.example', 'a<b@shop.example', "o'neil@shop.example"),
);
const origin = fc.webUrl({ validSchemes: ['http', 'https'] }).map((url) => new URL(url).origin);

describe('console settings read back exactly as saved', () => {
  let t: TestApp;
  let folders: ReturnType<typeof tempDir>;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    folders = tempDir('tontill-round-trip-');
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterAll(async () => {
    await t.close();
    folders.remove();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/console/api${url}`,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Saves, then reads: a refusal must be a documented 4xx, an acceptance must read back with a 200. */
  async function saveThenRead(
    save: () => ReturnType<typeof call>,
    read: () => ReturnType<typeof call>,
  ): Promise<unknown> {
    const saved = await save();
    expect(saved.statusCode, saved.body).toBeLessThan(500);
    if (saved.statusCode >= 400) {
      expect(ErrorSchema.safeParse(saved.json()).success, saved.body).toBe(true);
      return null;
    }
    expect(saved.statusCode, saved.body).toBe(200);
    const got = await read();
    expect(got.statusCode, got.body).toBe(200);
    return got.json();
  }

  it('the store profile: name and contact (e-mail or https URL)', async () => {
    const body = fc.record({ name: storableOddText(), contact: fc.oneof(fc.constant(''), email, httpsUrl) });
    await fc.assert(
      fc.asyncProperty(accepted(StoreProfileBodySchema, body), async (profile) => {
        const got = await saveThenRead(
          () => call('PUT', '/settings/store', profile),
          () => call('GET', '/settings/store'),
        );
        expect(got).toEqual({ ...StoreProfileBodySchema.parse(profile), logoUrl: null });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('chain settings, payment windows and embedding origins', async () => {
    const body = fc.record({
      chain: fc.record({
        mode: fc.constant('sandbox' as const),
        merchantAddress: fc.constantFrom('', TEST_CHAIN.merchantAddress),
        toncenterEndpoint: fc.oneof(fc.constant(''), httpsUrl),
        jettonMaster: fc.constantFrom('', TEST_CHAIN.jettonMaster),
      }),
      payments: fc.record({
        defaultExpirySeconds: fc.integer({ min: 60, max: 7 * 24 * 3600 }),
        monitoringWindowSeconds: fc.integer({ min: 0, max: 30 * 24 * 3600 }),
        acceptedAssets: fc
          .subarray([...ASSET_CODES], { minLength: 1 })
          .chain((codes) => fc.shuffledSubarray(codes, { minLength: codes.length })),
      }),
      allowedOrigins: fc.array(origin, { maxLength: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(accepted(SettingsBodySchema, body), async (settings) => {
        const got = (await saveThenRead(
          () => call('PUT', '/settings', settings),
          () => call('GET', '/settings'),
        )) as { saved: unknown; allowedOrigins: string[] } | null;
        if (!got) return;
        // the configuration's own parser reads the file back (it normalises URLs, as the service would at its next start)
        const expected = SettingsBodySchema.parse(settings);
        const reread = parseConfig({ ...mergedConfigFile({}, expected), dataDir: t.dataDir });
        // the assets as the service reads them: in the registry's order, whatever order they were chosen in
        const payments = { ...expected.payments, acceptedAssets: acceptedAssets(reread) };
        expect(got.saved).toEqual({ chain: chainSettingsOf(reread), payments });
        expect(got.allowedOrigins).toEqual([...new Set(expected.allowedOrigins)]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("the store's time zone", async () => {
    const zone = fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'utc', 'europe/berlin', ' Asia/Tokyo ');
    await fc.assert(
      fc.asyncProperty(accepted(TimeZoneBodySchema, fc.record({ timeZone: zone })), async (body) => {
        const got = (await saveThenRead(
          () => call('PUT', '/settings/time-zone', body),
          () => call('GET', '/settings/time-zone'),
        )) as { timeZone: string };
        expect(got.timeZone).toBe(canonicalTimeZone(TimeZoneBodySchema.parse(body).timeZone));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('webhook endpoints, added and changed', async () => {
    const url = fc.oneof(
      httpsUrl,
      fc.webUrl({ validSchemes: ['http'] }).map((u) => `${u}/${'x'.repeat(3)}`),
    );
    const description = fc.option(storableOddText(), { nil: undefined });
    const create = fc.record({ url, events: fc.constant(['*']), description }, { requiredKeys: ['url', 'events'] });
    const update = fc.record({ url, description: fc.oneof(description, fc.constant(null)) }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(
        accepted(CreateEndpointBody, create),
        accepted(UpdateEndpointBody, update),
        async (created, changed) => {
          const list = () => call('GET', '/webhooks/endpoints');
          const afterCreate = (await saveThenRead(() => call('POST', '/webhooks/endpoints', created), list)) as {
            items: { id: string; url: string; description: string | null }[];
          };
          const endpoint = afterCreate.items.at(-1)!;
          expect(endpoint).toMatchObject({ url: created.url.trim(), description: created.description?.trim() ?? null });
          const afterUpdate = (await saveThenRead(
            () => call('PATCH', `/webhooks/endpoints/${endpoint.id}`, changed),
            list,
          )) as typeof afterCreate;
          const parsed = UpdateEndpointBody.parse(changed);
          expect(afterUpdate.items.find((e) => e.id === endpoint.id)).toMatchObject({
            ...(parsed.url === undefined ? {} : { url: parsed.url }),
            ...(parsed.description === undefined ? {} : { description: parsed.description }),
          });
        },
      ),
      { seed: SEED, numRuns: RUNS / 2 },
    );
  });

  it.skipIf(TEST_ENGINE === 'postgres')(
    'the backup folder and how many to keep (SQLite: PostgreSQL has pg_dump)',
    async () => {
      const body = fc.record({
        folder: storableOddText(4).map((name) => join(folders.path, name.replace(/[/\\]/g, '-') || 'backups')),
        keep: fc.integer({ min: 1, max: 365 }),
      });
      await fc.assert(
        fc.asyncProperty(accepted(BackupSettingsSchema, body), async (settings) => {
          const got = (await saveThenRead(
            () => call('PUT', '/backups/settings', settings),
            () => call('GET', '/backups'),
          )) as { settings: unknown } | null;
          if (got) expect(got.settings).toEqual({ folder: resolve(settings.folder), keep: settings.keep });
        }),
        { seed: SEED, numRuns: RUNS / 2 },
      );
    },
  );

  it("the till's catalogue", async () => {
    const item = fc.record({
      id: fc.stringMatching(/^[a-z0-9-]{1,40}$/),
      name: storableOddText(),
      price: fc.constantFrom('1.00', '0.5', '10', '999999.999999'),
    });
    const body = fc.record({ items: fc.uniqueArray(item, { maxLength: 4, selector: (i) => i.id }) });
    await fc.assert(
      fc.asyncProperty(accepted(CatalogueSchema, body), async (catalogue) => {
        const got = await saveThenRead(
          () => call('PUT', '/catalogue', catalogue),
          () => call('GET', '/catalogue'),
        );
        expect(got).toEqual(CatalogueSchema.parse(catalogue));
      }),
      { seed: SEED, numRuns: RUNS / 2 },
    );
  });
});
