import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import type { SettingsStore } from '../settings/settings-store';
import type { StoreBrand } from '../../contract/checkout';
import {
  STORE_LOGO_TYPES,
  type StoreLogoInput,
  type StoreProfile,
  type StoreProfileInput,
} from '../../contract/console-settings';

/** Settings keys: the store's name and contact, and its logo (base64 with its content type). */
export const STORE_PROFILE_KEY = 'storeProfile';
export const STORE_LOGO_KEY = 'storeLogo';

interface StoredLogo {
  type: (typeof STORE_LOGO_TYPES)[number];
  data: string;
}

/** The first bytes each accepted type must start with: the declared type alone is not trusted. */
const MAGIC: Record<StoredLogo['type'], number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function storedLogo(value: unknown): StoredLogo | null {
  const v = value as Partial<StoredLogo> | null;
  return v &&
    typeof v === 'object' &&
    STORE_LOGO_TYPES.includes(v.type as StoredLogo['type']) &&
    typeof v.data === 'string'
    ? (v as StoredLogo)
    : null;
}

/** A short content hash in the logo's URL, so a new logo is never served from a stale cache. */
const logoUrlOf = (logo: StoredLogo | null): string | null =>
  logo ? `store/logo?v=${createHash('sha256').update(logo.data).digest('hex').slice(0, 12)}` : null;

export async function readStoreProfile(settings: SettingsStore): Promise<StoreProfile> {
  const stored = (await settings.get<Partial<StoreProfileInput>>(STORE_PROFILE_KEY)) ?? {};
  return {
    name: text(stored.name),
    contact: text(stored.contact),
    logoUrl: logoUrlOf(storedLogo(await settings.get(STORE_LOGO_KEY))),
  };
}

/** What the checkout shows: unset fields as null. */
export async function readStoreBrand(settings: SettingsStore): Promise<StoreBrand> {
  const p = await readStoreProfile(settings);
  return { name: p.name || null, contact: p.contact || null, logoUrl: p.logoUrl };
}

/** The upload's bytes when they are what it claims to be, else null. */
export function checkedLogo(input: StoreLogoInput): StoredLogo | null {
  const bytes = Buffer.from(input.data, 'base64');
  const magic = MAGIC[input.type];
  return bytes.length > magic.length && magic.every((b, i) => bytes[i] === b)
    ? { type: input.type, data: bytes.toString('base64') }
    : null;
}

/** Public: the logo with its exact content type, never sniffed, never a document. */
export async function storeLogoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/store/logo', { config: { auth: 'public' } }, async (_request, reply) => {
    const logo = storedLogo(await app.services.settings.get(STORE_LOGO_KEY));
    if (!logo) throw notFound('store logo');
    return reply
      .type(logo.type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Cache-Control', 'public, max-age=300')
      .send(Buffer.from(logo.data, 'base64'));
  });
}
