import { useEffect, type RefObject } from 'react';
import { PreviewMessageSchema } from '../../../contract/embed-messages';
import { getConsoleState } from '../../store';

/** Listens to the preview frame only: its exact origin and its own window, nothing else. */
export function useWidgetPreviewEvents(frame: RefObject<HTMLIFrameElement | null>, origin: string | null): void {
  useEffect(() => {
    if (!origin) return undefined;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return;
      const parsed = PreviewMessageSchema.safeParse(e.data);
      if (!parsed.success) return;
      const data = parsed.data;
      const { logWidgetEvent: log, setWidgetFrameHeight } = getConsoleState();
      if ('pageHeight' in data) setWidgetFrameHeight(data.pageHeight);
      else if ('error' in data) log('error', data.error);
      else if ('ready' in data) log('init', 'ServiceWidget.init called');
      else {
        const ev = data.event;
        const parts = [
          ev.status && `status ${ev.status}`,
          ev.paidAmount && `paid ${ev.paidAmount}`,
          ev.dueAmount && `due ${ev.dueAmount}`,
          ev.height !== undefined && `height ${ev.height}px`,
        ];
        log(ev.type, parts.filter(Boolean).join(' · '));
      }
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [frame, origin]);
}
