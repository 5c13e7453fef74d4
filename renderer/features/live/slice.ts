import { onWake, openLiveStream, type LiveChange } from './api';
import type { PaymentFilters } from '../payments/api';
import type { PaymentRowView as PaymentRow } from '../../../contract/console';
import type { ConsoleStore, SliceCreator } from '../../store/types';

/**
 * The one live stream of store events behind every screen: it keeps the payments list, the open
 * payment, the till, the unmatched inbox, its badge and the dashboard current without polling.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

export interface LiveSlice {
  liveStatus: LiveStatus;
  /** the last event seen: a new stream starts after it */
  liveSeq: number | null;
  /** transfers waiting in the unmatched inbox; the one source of the badge and the dashboard figure */
  unmatchedCount: number;
  startLive(): void;
  stopLive(): void;
  applyLiveChange(change: LiveChange): void;
  /** reloads what the screens hold, when the stream could not replay what was missed */
  resyncScreens(): void;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Several events in a burst (a batch of transfers) reload the inbox and the figures once. */
const COALESCE_MS = 250;

const dayStart = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** Whether a new row belongs in the list as filtered; null when only the service can tell (a text search). */
function rowFits(row: PaymentRow, f: PaymentFilters): boolean | null {
  if (f.q.trim()) return null;
  const created = Date.parse(row.createdAt);
  if (row.test && !f.includeTest) return false;
  if (f.status && row.status !== f.status) return false;
  if (f.createdFrom && created < dayStart(f.createdFrom)) return false;
  if (f.createdTo && created >= dayStart(f.createdTo) + 86_400_000) return false;
  return true;
}

export const createLiveSlice: SliceCreator<LiveSlice> = (set, get) => {
  let close: (() => void) | null = null;
  let stopWake: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  const later = new Map<string, ReturnType<typeof setTimeout>>();
  const coalesce = (key: string, job: () => void) => {
    if (later.has(key)) return;
    later.set(
      key,
      setTimeout(() => {
        later.delete(key);
        job();
      }, COALESCE_MS),
    );
  };

  const open = () => {
    close?.();
    if (retry) clearTimeout(retry);
    retry = null;
    set({ liveStatus: get().liveStatus === 'off' ? 'connecting' : 'reconnecting' });
    close = openLiveStream(get().liveSeq, {
      change: (change) => get().applyLiveChange(change),
      ready: ({ seq, unmatched }) => {
        failures = 0;
        set({ liveStatus: 'live', liveSeq: seq, unmatchedCount: unmatched });
      },
      resync: ({ seq, unmatched }) => {
        set({ liveSeq: seq, unmatchedCount: unmatched });
        get().resyncScreens();
      },
      down: (closed) => {
        set({ liveStatus: 'reconnecting' });
        // EventSource gives up on an HTTP error (401, 503): try again later with a new one
        if (closed) retry = setTimeout(open, Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures++));
      },
      backup: (outcome) => get().applyBackupOutcome(outcome),
      malformed: (event, problem) =>
        get().toast('error', `Live updates: a ${event} frame did not fit (${problem}); reload the console`),
    });
  };

  const applyPayment = (change: LiveChange) => {
    const { payment, row } = change;
    if (!payment || !row) return;
    const s = get();
    if (s.detail?.payment.id === payment.id) {
      set({ detail: { ...s.detail, payment } });
      // the timeline and deliveries come from the service; the status above is already current
      coalesce(`detail:${payment.id}`, () => void get().refreshDetail());
    }
    if (s.invoice?.id === payment.id) set({ invoice: payment });
    if (s.tillInvoice?.id === payment.id) set({ tillInvoice: payment });
    if (s.rows.some((r) => r.id === row.id)) {
      set({ rows: s.rows.map((r) => (r.id === row.id ? row : r)) });
    } else if (change.type === 'payment.created' && s.hasLoadedList) {
      const fits = rowFits(row, s.filters);
      if (fits) set({ rows: [row, ...s.rows] });
      else if (fits === null) coalesce('list', () => void get().loadPayments());
    }
  };

  /** A refund's new state: on its open payment at once, and in the wallet's sends once it left. */
  const applyRefund = ({ refund }: LiveChange) => {
    if (!refund) return;
    get().receiveRefund(refund);
    if (get().outgoing && refund.status !== 'awaiting_signature') coalesce('outgoing', () => void get().loadOutgoing());
  };

  return {
    liveStatus: 'off',
    liveSeq: null,
    unmatchedCount: 0,

    startLive: () => {
      if (close) return;
      stopWake = onWake(open);
      open();
    },

    stopLive: () => {
      close?.();
      stopWake?.();
      if (retry) clearTimeout(retry);
      close = stopWake = retry = null;
      set({ liveStatus: 'off' });
    },

    applyLiveChange: (change) => {
      const before = get().unmatchedCount;
      set({ liveSeq: change.seq, unmatchedCount: change.unmatched });
      applyPayment(change);
      applyRefund(change);
      const inboxChanged = change.type.startsWith('transfer.') || change.unmatched !== before;
      if (inboxChanged && get().hasLoadedUnmatched) coalesce('inbox', () => void get().loadUnmatched());
      if (get().stats) coalesce('stats', () => void get().loadDashboard());
    },

    resyncScreens: () => {
      const s = get();
      if (s.hasLoadedList) void s.loadPayments();
      void s.refreshDetail();
      void s.refreshInvoice();
      void s.refreshTillInvoice();
      if (s.hasLoadedUnmatched) void s.loadUnmatched();
      if (s.stats) void s.loadDashboard();
    },
  };
};

export const selectLiveStatus = (s: ConsoleStore) => s.liveStatus;
/** Transfers waiting in the unmatched inbox: the sidebar badge and the dashboard read this one value. */
export const selectUnmatchedCount = (s: ConsoleStore) => s.unmatchedCount;
export const selectLiveActions = (s: ConsoleStore) => ({ startLive: s.startLive, stopLive: s.stopLive });
