import type { ConsoleSession } from '../../contract/console';

/** The console's sections: the sidebar and the `g`+key shortcuts both read this one list. */
export interface Section {
  route: string;
  label: string;
  /** pressed after `g` */
  key: string;
  /** SVG path, 24x24 */
  icon: string;
  /** a cashier's too; every other section is the owner's (the service refuses a cashier its routes) */
  forCashier?: true;
}

export const SECTIONS: readonly Section[] = [
  { route: 'dashboard', label: 'Dashboard', key: 'd', icon: 'M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z', forCashier: true },
  { route: 'invoice', label: 'New invoice', key: 'n', icon: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z', forCashier: true },
  { route: 'payments', label: 'Payments', key: 'p', icon: 'M4 6h16v2H4V6Zm0 5h16v2H4v-2Zm0 5h16v2H4v-2Z', forCashier: true },
  { route: 'close-day', label: 'Close day', key: 'c', icon: 'M7 2h10v2h3v18H4V4h3V2Zm0 4H6v14h12V6h-1v2H7V6Zm2-2v2h6V4H9Zm-1 7h8v2H8v-2Zm0 4h5v2H8v-2Z' },
  { route: 'unmatched', label: 'Unmatched', key: 'u', icon: 'M4 4h16v12h-5l-3 3-3-3H4V4Zm2 2v8h4l2 2 2-2h4V6H6Z' },
  { route: 'simulator', label: 'Simulator', key: 's', icon: 'M7 2h10v2h-2v5.3l5 8.7A2 2 0 0 1 18.3 21H5.7A2 2 0 0 1 4 18l5-8.7V4H7V2Zm4 2v5.8L8.2 15h7.6L13 9.8V4h-2Z' },
  { route: 'webhooks', label: 'Webhooks', key: 'w', icon: 'M10 3a5 5 0 0 1 4.6 7l-1.8-.9A3 3 0 1 0 8 11.5l-2.6 4.6-1.7-1 2.4-4.2A5 5 0 0 1 10 3Zm7 9a5 5 0 1 1-4.3 7.5l1.7-1A3 3 0 1 0 17 14h-5.3v-2H17Z' },
  { route: 'widget', label: 'Widget preview', key: 'v', icon: 'M3 5h18v14H3V5Zm2 2v10h14V7H5Zm2 2h6v2H7V9Z' },
  { route: 'audit', label: 'Audit log', key: 'a', icon: 'M4 4h12v2H4V4Zm0 4h12v2H4V8Zm0 4h7v2H4v-2Zm13 0a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm-1 2v3.4l2.3 2.3 1.4-1.4-1.7-1.7V14h-2Z' },
  { route: 'settings', label: 'Settings', key: ',', icon: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM10.5 2h3l.5 2.6 2 .9 2.2-1.5 2.1 2.1-1.5 2.2.9 2 2.6.5v3l-2.6.5-.9 2 1.5 2.2-2.1 2.1-2.2-1.5-2 .9-.5 2.6h-3l-.5-2.6-2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2L2 13.5v-3l2.6-.5.9-2L4 5.8l2.1-2.1L8.3 5.2l2-.9.2-2.3Z' },
];

/** The sections a role may open; until the session answers (null), only a cashier's. */
export function sectionsFor(role: ConsoleSession['role'] | null): readonly Section[] {
  return role === 'owner' ? SECTIONS : SECTIONS.filter((s) => s.forCashier);
}

/** A known section the role may not open (an unknown page falls back to the dashboard, which everyone may). */
export function isClosedTo(role: ConsoleSession['role'] | null, page: string): boolean {
  return SECTIONS.some((s) => s.route === page) && !sectionsFor(role).some((s) => s.route === page);
}
