import type { ComponentType } from 'react';
import type { ConsoleSession } from '../contract/console';
import { AuditPage } from './features/audit/AuditPage';
import { CloseDayPage } from './features/close-day/CloseDayPage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { NewInvoicePage } from './features/invoice/NewInvoicePage';
import { PaymentDetailPage } from './features/payments/PaymentDetailPage';
import { PaymentsPage } from './features/payments/PaymentsPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { SimulatorPage } from './features/simulator/SimulatorPage';
import { UnmatchedPage } from './features/unmatched/UnmatchedPage';
import { WebhooksPage } from './features/webhooks/WebhooksPage';
import { WidgetPreviewPage } from './features/widget/WidgetPreviewPage';

/** How a screen shows in the sidebar, and the key that opens it after `g`. */
export interface Nav {
  label: string;
  /** pressed after `g` */
  key: string;
  /** SVG path, 24x24 */
  icon: string;
}

/** One screen of the console: its hash route, its page, who may open it, where the sidebar lists it. */
export interface ConsoleRoute {
  route: string;
  Page: ComponentType;
  /** a cashier's too; every other screen is the owner's (the service refuses a cashier its routes anyway) */
  forCashier?: true;
  /** in the sidebar; a screen reached from another has none */
  nav?: Nav;
  /** the sidebar entry lit while this screen is open, when it has none of its own */
  within?: string;
}

/** The console's screens: the router, the sidebar and the `g`+key shortcuts all read this one table. */
export const ROUTES: readonly ConsoleRoute[] = [
  {
    route: 'dashboard',
    Page: DashboardPage,
    forCashier: true,
    nav: { label: 'Dashboard', key: 'd', icon: 'M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z' },
  },
  {
    route: 'invoice',
    Page: NewInvoicePage,
    forCashier: true,
    nav: { label: 'New invoice', key: 'n', icon: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z' },
  },
  {
    route: 'payments',
    Page: PaymentsPage,
    forCashier: true,
    nav: { label: 'Payments', key: 'p', icon: 'M4 6h16v2H4V6Zm0 5h16v2H4v-2Zm0 5h16v2H4v-2Z' },
  },
  { route: 'payment', Page: PaymentDetailPage, forCashier: true, within: 'payments' },
  {
    route: 'close-day',
    Page: CloseDayPage,
    nav: {
      label: 'Close day',
      key: 'c',
      icon: 'M7 2h10v2h3v18H4V4h3V2Zm0 4H6v14h12V6h-1v2H7V6Zm2-2v2h6V4H9Zm-1 7h8v2H8v-2Zm0 4h5v2H8v-2Z',
    },
  },
  {
    route: 'unmatched',
    Page: UnmatchedPage,
    nav: { label: 'Unmatched', key: 'u', icon: 'M4 4h16v12h-5l-3 3-3-3H4V4Zm2 2v8h4l2 2 2-2h4V6H6Z' },
  },
  {
    route: 'simulator',
    Page: SimulatorPage,
    nav: {
      label: 'Simulator',
      key: 's',
      icon: 'M7 2h10v2h-2v5.3l5 8.7A2 2 0 0 1 18.3 21H5.7A2 2 0 0 1 4 18l5-8.7V4H7V2Zm4 2v5.8L8.2 15h7.6L13 9.8V4h-2Z',
    },
  },
  {
    route: 'webhooks',
    Page: WebhooksPage,
    nav: {
      label: 'Webhooks',
      key: 'w',
      icon: 'M10 3a5 5 0 0 1 4.6 7l-1.8-.9A3 3 0 1 0 8 11.5l-2.6 4.6-1.7-1 2.4-4.2A5 5 0 0 1 10 3Zm7 9a5 5 0 1 1-4.3 7.5l1.7-1A3 3 0 1 0 17 14h-5.3v-2H17Z',
    },
  },
  {
    route: 'widget',
    Page: WidgetPreviewPage,
    nav: { label: 'Widget preview', key: 'v', icon: 'M3 5h18v14H3V5Zm2 2v10h14V7H5Zm2 2h6v2H7V9Z' },
  },
  {
    route: 'audit',
    Page: AuditPage,
    nav: {
      label: 'Audit log',
      key: 'a',
      icon: 'M4 4h12v2H4V4Zm0 4h12v2H4V8Zm0 4h7v2H4v-2Zm13 0a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm-1 2v3.4l2.3 2.3 1.4-1.4-1.7-1.7V14h-2Z',
    },
  },
  {
    route: 'settings',
    Page: SettingsPage,
    nav: {
      label: 'Settings',
      key: ',',
      icon: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM10.5 2h3l.5 2.6 2 .9 2.2-1.5 2.1 2.1-1.5 2.2.9 2 2.6.5v3l-2.6.5-.9 2 1.5 2.2-2.1 2.1-2.2-1.5-2 .9-.5 2.6h-3l-.5-2.6-2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2L2 13.5v-3l2.6-.5.9-2L4 5.8l2.1-2.1L8.3 5.2l2-.9.2-2.3Z',
    },
  },
];

const HOME = ROUTES[0]!;

/** A sidebar entry: a screen with its `nav`. */
export type Section = Nav & Pick<ConsoleRoute, 'route' | 'forCashier'>;

/** The screens a role may open; until the session answers (null), only a cashier's. */
export function routesFor(role: ConsoleSession['role'] | null): readonly ConsoleRoute[] {
  return role === 'owner' ? ROUTES : ROUTES.filter((r) => r.forCashier);
}

/** The sidebar's entries for a role, in the table's order. */
export function sectionsFor(role: ConsoleSession['role'] | null): readonly Section[] {
  return routesFor(role).flatMap(({ route, forCashier, nav }) =>
    nav ? [{ route, ...(forCashier ? { forCashier } : {}), ...nav }] : [],
  );
}

/** The screen a page name opens: an unknown name falls back to the dashboard, which everyone may open. */
export function routeOf(page: string): ConsoleRoute {
  return ROUTES.find((r) => r.route === page) ?? HOME;
}

/** The sidebar entry to light for a page: its own, or the one it sits within. */
export function sectionOf(page: string): string {
  const route = routeOf(page);
  return route.within ?? route.route;
}

/** A known screen the role may not open. */
export function isClosedTo(role: ConsoleSession['role'] | null, page: string): boolean {
  return ROUTES.some((r) => r.route === page) && !routesFor(role).some((r) => r.route === page);
}

/**
 * Whether the signed-in person may open a hash target (`close-day`, `simulator/<id>`, `#/unmatched`):
 * a link into a screen the service would refuse them is not offered at all. Unknown targets are
 * the dashboard's, open to everyone; until the session answers (null), only a cashier's screens.
 */
export function canOpen(target: string, role: ConsoleSession['role'] | null): boolean {
  const page = target.replace(/^#?\/?/, '').split(/[/?]/)[0] ?? '';
  return !isClosedTo(role, page);
}
