// main/updates driving the REAL electron-updater (its AppImageUpdater, GenericProvider, download
// and sha512 check) against a feed served over https on 127.0.0.1. electron-updater runs without
// the Electron binary when it is given an app adapter and an HTTP executor; only those two are
// stand-ins here. The certificate in fixtures/update-feed/ is a self-signed one for 127.0.0.1,
// trusted by this test's executor only.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type RequestOptions, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import type { ClientRequest, IncomingMessage } from 'node:http';
import electronUpdater from 'electron-updater';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUpdates } from '../../main/updates/create-updates';
import { tempDir } from '../helpers/test-app';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'update-feed');
const cert = readFileSync(join(FIXTURES, 'loopback-test-only.crt'));
const key = readFileSync(join(FIXTURES, 'loopback-test-only.key'));
const ARTIFACT = 'TonTill-0.2.0-linux-x86_64.AppImage';

/**
 * Node's https, trusting the loopback certificate, in place of ElectronHttpExecutor (Chromium's
 * net). `download` is ElectronHttpExecutor's own; the sha512 check is in the shared doDownload.
 */
class LoopbackHttpsExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request({ ...options, ca: cert }, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          responseHandler: null,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
        },
        0,
      );
    });
  }
}

const dir = tempDir('tontill-updates-');
const artifact = randomBytes(256 * 1024);
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');
/** What the feed's latest-linux.yml claims about the artifact; each test sets it. */
let claimedSha512 = sha512(artifact);
const requests: string[] = [];
let server: Server;
let feedUrl = '';

beforeAll(async () => {
  server = createServer({ cert, key }, (req, res) => {
    // electron-updater adds ?noCache=… to the yml request.
    const path = new URL(req.url ?? '/', 'https://127.0.0.1').pathname;
    requests.push(path);
    if (/^\/feed\/latest-linux[\w-]*\.yml$/.test(path)) {
      res.setHeader('content-type', 'text/yaml');
      res.end(
        [
          'version: 0.2.0',
          'files:',
          `  - url: ${ARTIFACT}`,
          `    sha512: ${claimedSha512}`,
          `    size: ${artifact.length}`,
          `path: ${ARTIFACT}`,
          `sha512: ${claimedSha512}`,
          "releaseDate: '2026-11-20T10:00:00.000Z'",
          '',
        ].join('\n'),
      );
    } else if (path === `/feed/${ARTIFACT}`) {
      res.setHeader('content-length', artifact.length);
      res.end(artifact);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/feed/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  dir.remove();
});
afterEach(() => {
  vi.unstubAllEnvs();
  requests.length = 0;
});

/** The packaged app as electron-updater sees it: version 0.1.0, installed as an AppImage. */
function realUpdater(name: string) {
  const root = join(dir.path, name);
  const installed = join(dir.path, `${name}-TonTill.AppImage`);
  writeFileSync(installed, 'the installed 0.1.0');
  vi.stubEnv('APPIMAGE', installed);
  // electron-builder writes app-update.yml into the package from electron-builder.yml's publish block.
  writeFileSync(
    join(dir.path, `${name}-app-update.yml`),
    'provider: generic\nurl: https://updates.example.invalid/tontill/\nupdaterCacheDirName: tontill-updater\n',
  );
  const app = {
    version: '0.1.0',
    name: 'TonTill',
    isPackaged: true,
    appUpdateConfigPath: join(dir.path, `${name}-app-update.yml`),
    userDataPath: join(root, 'userData'),
    baseCachePath: join(root, 'cache'),
    whenReady: async () => undefined,
    relaunch: vi.fn(),
    quit: vi.fn(),
    onQuit: vi.fn(),
  };
  const updater = new electronUpdater.AppImageUpdater(null, app);
  Object.assign(updater, { httpExecutor: new LoopbackHttpsExecutor() });
  updater.logger = null;
  // The installed file is no blockmap-carrying AppImage, so skip straight to the full download.
  updater.disableDifferentialDownload = true;
  return { updater, pending: join(root, 'cache', 'tontill-updater', 'pending') };
}

describe('self-updates with the real electron-updater', () => {
  it("reads latest-linux.yml from the owner's https feed, downloads the AppImage, verifies its sha512, and waits for the owner", async () => {
    claimedSha512 = sha512(artifact);
    const { updater, pending } = realUpdater('good');
    const dialog = { showMessageBox: vi.fn(async () => ({ response: 1 })) };
    const updates = createUpdates({ updater, dialog, feedUrl: () => feedUrl, log: () => undefined });
    await updates.check();
    expect(updates.state()).toEqual({ state: 'ready', version: '0.2.0' });
    expect(requests).toEqual([expect.stringMatching(/^\/feed\/latest-linux[\w-]*\.yml$/), `/feed/${ARTIFACT}`]);
    const downloaded = join(pending, ARTIFACT);
    expect(existsSync(downloaded)).toBe(true);
    expect(sha512(readFileSync(downloaded))).toBe(sha512(artifact));
    // Nothing installs without the owner: Later leaves the installed file as it was.
    expect(await updates.onQuit()).toBe('skip');
    expect(readFileSync(process.env.APPIMAGE!, 'utf8')).toBe('the installed 0.1.0');
  });

  it("a download whose sha512 differs from the feed's is refused: error state, nothing to install", async () => {
    claimedSha512 = sha512(Buffer.from('a different build'));
    const { updater, pending } = realUpdater('tampered');
    const dialog = { showMessageBox: vi.fn(async () => ({ response: 0 })) };
    const log = vi.fn<(message: string) => void>();
    const updates = createUpdates({ updater, dialog, feedUrl: () => feedUrl, log });
    await expect(updates.check()).resolves.toBeUndefined();
    expect(updates.state()).toEqual({ state: 'error', message: expect.stringContaining('sha512 checksum mismatch') });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('sha512 checksum mismatch'));
    expect(existsSync(join(pending, ARTIFACT))).toBe(false);
    expect(await updates.onQuit()).toBe('skip');
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('an unreachable feed is an error state, not an exception', async () => {
    const { updater } = realUpdater('unreachable');
    const updates = createUpdates({
      updater,
      dialog: { showMessageBox: async () => ({ response: 1 }) },
      log: () => undefined,
      feedUrl: () => feedUrl.replace('/feed/', '/no-such-feed/'),
    });
    await expect(updates.check()).resolves.toBeUndefined();
    expect(updates.state()).toEqual({ state: 'error', message: expect.stringContaining('404') });
  });
});
