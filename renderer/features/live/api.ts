import { BackupOutcomeSchema, type BackupOutcome } from '../../../contract/backups';
import {
  LiveChangeSchema,
  LiveReadySchema,
  LiveResyncSchema,
  type LiveChange,
  type LiveReady,
  type LiveResync,
} from '../../../contract/console-live';
import type { ZodType } from 'zod';
import { apiUrl, withQuery } from '../../api/client';

export type { LiveChange, LiveReady, LiveResync };

export interface LiveHandlers {
  change(change: LiveChange): void;
  ready(ready: LiveReady): void;
  resync(resync: LiveResync): void;
  /** an automatic backup finished (no store event: it moves no position) */
  backup(outcome: BackupOutcome): void;
  /** the stream broke; EventSource retries by itself unless `closed` (then the caller opens a new one) */
  down(closed: boolean): void;
  /** a frame did not fit its schema: the console and the service are not the same version */
  malformed(event: string, problem: string): void;
}

/**
 * Opens the console's live stream (GET /console/api/events) from the event after `after` (null: from
 * now). EventSource reconnects by itself and names the last frame it saw (Last-Event-ID), and the
 * service replays what was missed. Returns the function that closes it.
 */
export function openLiveStream(after: number | null, on: LiveHandlers): () => void {
  const source = new EventSource(apiUrl(withQuery('/events', { after })));
  const listen = <T>(event: string, schema: ZodType<T>, handle: (value: T) => void) => {
    source.addEventListener(event, (e) => {
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        data = undefined;
      }
      const result = schema.safeParse(data);
      if (result.success) handle(result.data);
      else on.malformed(event, result.error.issues[0]?.message ?? 'not JSON');
    });
  };
  listen('change', LiveChangeSchema, on.change);
  listen('ready', LiveReadySchema, on.ready);
  listen('resync', LiveResyncSchema, on.resync);
  listen('backup', BackupOutcomeSchema, on.backup);
  source.addEventListener('error', () => on.down(source.readyState === EventSource.CLOSED));
  return () => source.close();
}

/**
 * Calls `wake` when the console comes back: the tab is shown again or the network returns. After a
 * sleep the old stream may be silently dead, so the caller reopens it and catches up.
 */
export function onWake(wake: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') wake();
  };
  document.addEventListener('visibilitychange', onVisible);
  addEventListener('online', wake);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    removeEventListener('online', wake);
  };
}
