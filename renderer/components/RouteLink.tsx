import type { ReactNode } from 'react';
import { canOpen } from '../routes';
import { useConsoleStore } from '../store';
import { selectRole } from '../features/staff/slice';

/** Whether the signed-in person may open a hash target: see `canOpen`. */
export function useCanOpen(target: string): boolean {
  return canOpen(target, useConsoleStore(selectRole));
}

/**
 * Shows its children only to someone who may open `route` (a button that navigates there, a
 * sentence around a link); otherwise `fallback`, by default nothing. A cashier is never sent to an
 * owner's wall.
 */
export function IfCanOpen({
  route,
  children,
  fallback = null,
}: {
  route: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useCanOpen(route) ? children : fallback}</>;
}

export interface RouteLinkProps {
  /** a hash route: `unmatched`, `close-day/2026-11-27` */
  to: string;
  children: ReactNode;
  className?: string;
  /** shown instead to someone who may not open `to`; nothing by default */
  fallback?: ReactNode;
}

/** A link inside the console that is offered only to someone who may open its target. */
export function RouteLink({ to, children, className, fallback = null }: RouteLinkProps) {
  return (
    <IfCanOpen route={to} fallback={fallback}>
      <a href={`#/${to.replace(/^#?\/?/, '')}`} className={className}>
        {children}
      </a>
    </IfCanOpen>
  );
}

/** What a cashier reads where the owner would find a link: who can do it. */
export function AskTheOwner({ children = 'Ask the owner' }: { children?: ReactNode }) {
  return <span className="muted ask-owner">{children}</span>;
}
