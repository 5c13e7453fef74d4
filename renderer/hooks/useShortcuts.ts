import { useEffect } from 'react';
import { getConsoleState } from '../store';

export const SHORTCUTS: ReadonlyArray<[string, string, string]> = [
  ['g d', 'dashboard', 'Dashboard'],
  ['g n', 'invoice', 'New invoice'],
  ['g p', 'payments', 'Payments'],
  ['g u', 'unmatched', 'Unmatched'],
  ['g s', 'simulator', 'Simulator'],
  ['g w', 'webhooks', 'Webhooks'],
  ['g v', 'widget', 'Widget preview'],
  ['g ,', 'settings', 'Settings'],
];

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** "g" then a letter jumps to a screen; "/" focuses the page's search field. */
export function useShortcuts(): void {
  useEffect(() => {
    let leader = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          e.preventDefault();
          search.focus();
        }
        return;
      }
      if (e.key === 'g') {
        leader = Date.now();
        return;
      }
      if (Date.now() - leader < 1200) {
        const hit = SHORTCUTS.find(([keys]) => keys === `g ${e.key}`);
        if (hit) getConsoleState().navigate(hit[1]);
        leader = 0;
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
