import { useEffect, type RefObject } from 'react';
import { getConsoleState } from '../store';

interface PreviewMessage {
  source?: unknown;
  ready?: boolean;
  error?: string;
  event?: { type: string; status?: string; paidAmount?: string; dueAmount?: string; height?: number };
}

/** Listens to the preview frame only: its exact origin and its own window, nothing else. */
export function useWidgetPreviewEvents(frame: RefObject<HTMLIFrameElement | null>, origin: string | null): void {
  useEffect(() => {
    if (!origin) return undefined;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return;
      const data = e.data as PreviewMessage | null;
      if (!data || data.source !== 'tontill-widget-preview') return;
      const log = getConsoleState().logWidgetEvent;
      if (data.error) log('error', data.error);
      else if (data.ready) log('init', 'ServiceWidget.init called');
      else if (data.event) {
        const ev = data.event;
        const parts = [ev.status && `status ${ev.status}`, ev.paidAmount && `paid ${ev.paidAmount}`, ev.dueAmount && `due ${ev.dueAmount}`, ev.height !== undefined && `height ${ev.height}px`];
        log(ev.type, parts.filter(Boolean).join(' · '));
      }
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [frame, origin]);
}
