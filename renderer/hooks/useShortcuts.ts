import { useEffect } from 'react';
import { sectionsFor } from '../routes';
import { getConsoleState } from '../store';

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** "g" then a letter jumps to a screen; "/" focuses the page's search field. The till has keys of its own (TillView). */
export function useShortcuts(): void {
  useEffect(() => {
    let leader = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || getConsoleState().isTill) return;
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
        const hit = sectionsFor(getConsoleState().role).find((s) => s.key === e.key);
        if (hit) getConsoleState().navigate(hit.route);
        leader = 0;
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
