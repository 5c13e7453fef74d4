import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { ProvenWalletLine } from './ProvenWalletLine';
import { selectWalletProof, selectWalletProofActions } from './slice';

/** The dashboard's line on the receiving wallet, once it is proven with TON Connect (the owner's only). */
export function ProvenWalletNotice() {
  const view = useConsoleStore(selectWalletProof);
  const { loadWalletProof } = useConsoleStore(useShallow(selectWalletProofActions));
  useEffect(() => {
    void loadWalletProof();
  }, [loadWalletProof]);
  return <ProvenWalletLine view={view} />;
}
