import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useModalDialog } from '../hooks/useModalDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** the action, named: "Cancel payment", "Revoke key" */
  confirmLabel: string;
  /**
   * The way out, named for what it keeps: "Keep payment", "Don't switch". Never a bare "Cancel",
   * which beside "Cancel payment" reads as the same choice.
   */
  keepLabel?: string;
  /** a destructive action: the confirm button is red, and the way out holds the focus at first */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab stay inside the dialog: the page behind is inert while it is open. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The console's one confirmation (never the browser's `confirm()`): a modal `<dialog>`, so nothing
 * behind it can be clicked while it is open; Escape cancels. It is closed before the action runs,
 * so whatever the action changes is clickable at once.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  keepLabel = 'Keep it',
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const dialog = useModalDialog(open, onCancel, danger ? cancelRef : confirmRef);
  const answer = (given: () => void) => {
    dialog.ref.current?.close();
    given();
  };
  return (
    <dialog
      {...dialog}
      className={`dialog confirm-dialog${danger ? ' confirm-danger' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={trapTab}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId} className="confirm-body">
        {children}
      </div>
      <div className="confirm-actions">
        <button ref={cancelRef} type="button" className="btn" onClick={() => answer(onCancel)}>
          {keepLabel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className={`btn ${danger ? 'btn-danger-solid' : 'btn-primary'}`}
          onClick={() => answer(onConfirm)}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

export interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'open' | 'onCancel'> {
  /** the button that asks */
  label: string;
  className?: string;
  disabled?: boolean;
}

/** A button that asks first: the common case of ConfirmDialog. */
export function ConfirmButton({ label, className = 'btn', disabled = false, ...dialog }: ConfirmButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        {...dialog}
        open={isOpen}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          dialog.onConfirm();
        }}
      />
    </>
  );
}
