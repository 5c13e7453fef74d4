import { useEffect, useRef, type RefObject } from 'react';

export interface ModalDialogProps {
  ref: RefObject<HTMLDialogElement | null>;
  onCancel(): void;
}

/**
 * A modal `<dialog>` kept in step with `open` (shown with showModal, so nothing behind it is
 * clickable; closed when `open` turns false), the focus on `focus` when it opens. Its own Escape
 * dismisses it through the cancel event, which fires at once. Never through the close event: that
 * comes a task later, and a click or a key in between would be taken against the old state (an Esc
 * swallowed, a second ask lost, a new choice undone). Spread the result on the `<dialog>`.
 */
export function useModalDialog(
  open: boolean,
  onDismiss: () => void,
  focus?: RefObject<HTMLElement | null>,
): ModalDialogProps {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      focus?.current?.focus();
    }
    if (!open && d.open) d.close();
  }, [open, focus]);
  return { ref, onCancel: onDismiss };
}
