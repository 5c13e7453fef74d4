// A TON Connect universal link as the sandbox wallet reads it (bridge.md, "Universal link"):
// `?v=2&id=<app client id, hex>&r=<ConnectRequest JSON>&ret=…`, and the app's manifest it names.
import { invalidInput } from '../domain/errors';
import type { TonConnectManifest } from '../../contract/wallet-connect';

export interface ConnectRequestItem {
  name: string;
  /** ton_proof's one-time payload */
  payload?: string;
}

export interface ConnectRequest {
  manifestUrl: string;
  items: ConnectRequestItem[];
}

export interface ConnectLink {
  appClientId: string;
  request: ConnectRequest;
}

/** What the wallet shows of the app (tonconnect-manifest.json); `url`'s host is the ton_proof domain. */
export type AppManifest = Omit<TonConnectManifest, 'iconUrl'> & Partial<Pick<TonConnectManifest, 'iconUrl'>>;

const CLIENT_ID = /^[0-9a-f]{64}$/;

function httpUrl(text: unknown): URL | null {
  if (typeof text !== 'string') return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function connectRequestOf(r: string | undefined): ConnectRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(r ?? '');
  } catch {
    throw invalidInput('r', 'must be a ConnectRequest in JSON');
  }
  const { manifestUrl, items } = (parsed ?? {}) as { manifestUrl?: unknown; items?: unknown };
  if (!httpUrl(manifestUrl)) throw invalidInput('r', 'manifestUrl must be an http(s) URL');
  if (!Array.isArray(items) || items.length > 10 || !items.some((i) => (i as ConnectRequestItem)?.name === 'ton_addr'))
    throw invalidInput('r', 'items must ask for ton_addr');
  const proof = items.find((i) => (i as ConnectRequestItem)?.name === 'ton_proof') as ConnectRequestItem | undefined;
  if (proof && (typeof proof.payload !== 'string' || proof.payload.length > 512))
    throw invalidInput('r', 'the ton_proof item needs a payload of at most 512 characters');
  return {
    manifestUrl: manifestUrl as string,
    items: [{ name: 'ton_addr' }, ...(proof ? [{ name: 'ton_proof', payload: proof.payload! }] : [])],
  };
}

/** The link's parameters (a URL's query), checked; a bad one is an invalid-input error naming it. */
export function parseConnectLink(query: { v?: string; id?: string; r?: string }): ConnectLink {
  if (query.v !== '2') throw invalidInput('v', 'must be 2 (TON Connect 2)');
  if (!query.id || !CLIENT_ID.test(query.id)) throw invalidInput('id', "must be the app's client id, 64 hex digits");
  return { appClientId: query.id, request: connectRequestOf(query.r) };
}

/** The manifest's fields the wallet uses, or null when the document is not a manifest. */
export function manifestOf(document: unknown): AppManifest | null {
  const { url, name, iconUrl } = (document ?? {}) as Partial<Record<keyof TonConnectManifest, unknown>>;
  if (!httpUrl(url) || typeof name !== 'string' || name.trim() === '') return null;
  return { url: url as string, name: name.slice(0, 100), ...(typeof iconUrl === 'string' ? { iconUrl } : {}) };
}
