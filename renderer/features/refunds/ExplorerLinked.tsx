import { explorerLink, type ExplorerKind } from '../../../contract/explorer-link';
import { useConsoleStore } from '../../store';
import { selectChainMode } from '../dashboard/slice';

/**
 * A transaction hash or an address, linked to the block explorer of the store's network. Sandbox
 * transactions exist only on this machine, so there they stay plain text that says so. The link opens
 * outside the console (the desktop app hands a new window to the system browser).
 */
export function ExplorerLinked({
  kind,
  value,
  label,
  sandboxNote = true,
}: {
  kind: ExplorerKind;
  value: string;
  label: string;
  /** whether a sandbox transaction says "(sandbox)" beside it; a card that says so already does not */
  sandboxNote?: boolean;
}) {
  const mode = useConsoleStore(selectChainMode);
  const href = mode ? explorerLink(mode, kind, value) : null;
  if (!href)
    return sandboxNote && mode === 'sandbox' && kind === 'transaction' ? (
      <span title="Sandbox transactions exist only on this machine">
        <code>{label}</code> (sandbox)
      </span>
    ) : (
      <code>{label}</code>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={`Open on the block explorer: ${value}`}>
      <code>{label}</code> ↗
    </a>
  );
}
