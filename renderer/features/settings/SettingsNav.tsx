import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { selectRouteParam, selectUiActions } from '../../store/ui-slice';

/** The settings page's groups, in page order: each is addressable as `#/settings/<id>`. */
export const SETTINGS_GROUPS = [
  { id: 'chain', label: 'Chain and payments' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'store', label: 'Store and till' },
  { id: 'keys', label: 'API access' },
  { id: 'sign-in', label: 'Sign-in and cashiers' },
  { id: 'data', label: 'Data and backups' },
] as const;

export type SettingsGroupId = (typeof SETTINGS_GROUPS)[number]['id'];

export const groupElementId = (id: SettingsGroupId): string => `settings-${id}`;

/**
 * Brings a group to the top of whatever scrolls: the main pane at desktop width, the document on a
 * phone. Only that one (scrollIntoView would also nudge the page around the pane, hiding the banner).
 * Also when the address already names the group (picked again after scrolling away).
 */
function scrollToGroup(id: SettingsGroupId): void {
  const group = document.getElementById(groupElementId(id));
  if (!group) return;
  const pane = group.closest('.main');
  const isPaneScrolling =
    pane !== null && getComputedStyle(pane).overflowY === 'auto' && pane.scrollHeight > pane.clientHeight;
  const offset = group.getBoundingClientRect().top - (isPaneScrolling ? pane.getBoundingClientRect().top : 0) - 16;
  if (isPaneScrolling) pane.scrollBy({ top: offset });
  else window.scrollBy({ top: offset });
}

/** The group a route parameter names (`#/settings/data`), or null for none or an unknown one. */
export function settingsGroupOf(param: string | null): SettingsGroupId | null {
  return SETTINGS_GROUPS.find((g) => g.id === param)?.id ?? null;
}

/** Whether a scroll moved the page or its main pane to the very end (not some table inside it). */
function isAtEnd(target: EventTarget | null): boolean {
  const scroller = target instanceof Element ? target : document.scrollingElement;
  if (!scroller || !scroller.contains(document.getElementById(groupElementId(SETTINGS_GROUPS[0].id)))) return false;
  return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 4;
}

/**
 * The group being read: the last whose top has passed the upper quarter of the screen; at the end of
 * the page, where the last groups never get that high, the last whose top shows.
 */
function groupInView(atEnd: boolean): SettingsGroupId {
  const line = atEnd ? window.innerHeight : window.innerHeight * 0.25;
  let current: SettingsGroupId = SETTINGS_GROUPS[0].id;
  for (const { id } of SETTINGS_GROUPS) {
    const top = document.getElementById(groupElementId(id))?.getBoundingClientRect().top;
    if (top !== undefined && top < line) current = id;
  }
  return current;
}

/**
 * The group lit in the list: the one the address names once the page is there, then the one being
 * read as the reader scrolls (the address is left alone then: scrolling adds nothing to the history).
 */
function useCurrentGroup(isReady: boolean): SettingsGroupId {
  const named = settingsGroupOf(useConsoleStore(selectRouteParam));
  const [current, setCurrent] = useState<SettingsGroupId>(named ?? SETTINGS_GROUPS[0].id);
  useEffect(() => {
    if (!isReady || !named) return;
    scrollToGroup(named);
    setCurrent(named);
  }, [isReady, named]);
  useEffect(() => {
    if (!isReady) return undefined;
    // Only the reader's own scrolling relights the list: the jump to a named group, and the page
    // growing under it as its cards load, scroll too and would light a neighbour instead.
    let isReaderScrolling = false;
    const onIntent = () => {
      isReaderScrolling = true;
    };
    const onScroll = (event: Event) => {
      if (isReaderScrolling) setCurrent(groupInView(isAtEnd(event.target)));
    };
    const intents = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
    // capture: at desktop width the main pane scrolls, on a phone the document
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
      document.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [isReady, named]);
  return current;
}

/** The settings' own navigation: a list beside the groups at desktop width, a select at phone width. */
export function SettingsNav({ isReady }: { isReady: boolean }) {
  const current = useCurrentGroup(isReady);
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  return (
    <div className="settings-nav">
      <nav aria-label="Settings sections" className="settings-nav-list">
        <ul>
          {SETTINGS_GROUPS.map(({ id, label }) => (
            <li key={id}>
              <a
                href={`#/settings/${id}`}
                aria-current={id === current ? 'location' : undefined}
                onClick={() => scrollToGroup(id)}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-nav-select">
        <label htmlFor="settings-section">Settings section</label>
        <select
          id="settings-section"
          value={current}
          onChange={(e) => {
            navigate(`settings/${e.target.value}`);
            scrollToGroup(e.target.value as SettingsGroupId);
          }}
        >
          {SETTINGS_GROUPS.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
