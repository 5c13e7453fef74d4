import { describe, expect, it } from 'vitest';
import { explorerLink } from '../../contract/explorer-link';
import { explorerTxUrl } from '../../server/payments/payment-links';

const TX = '8c41e7a4d46c2f18bff5d4f9a0447904053fcd1f6cb879cedfe0806e2264ec37';
const ADDRESS = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';

describe('explorerLink', () => {
  it("links a transaction and an address to the explorer of the store's network", () => {
    expect(explorerLink('mainnet', 'transaction', TX)).toBe(`https://tonviewer.com/transaction/${TX}`);
    expect(explorerLink('testnet', 'transaction', TX)).toBe(`https://testnet.tonviewer.com/transaction/${TX}`);
    expect(explorerLink('mainnet', 'address', ADDRESS)).toBe(`https://tonviewer.com/${ADDRESS}`);
    expect(explorerLink('testnet', 'address', ADDRESS)).toBe(`https://testnet.tonviewer.com/${ADDRESS}`);
  });

  it('has none in sandbox, whose chain no explorer knows, nor for an empty value', () => {
    expect(explorerLink('sandbox', 'transaction', TX)).toBeNull();
    expect(explorerLink('sandbox', 'address', ADDRESS)).toBeNull();
    expect(explorerLink('mainnet', 'transaction', '  ')).toBeNull();
  });

  it('keeps a strange value inside the path: it never turns the link into another URL', () => {
    expect(explorerLink('mainnet', 'address', '0:ab/../../evil?x=1#y')).toBe(
      'https://tonviewer.com/0%3Aab%2F..%2F..%2Fevil%3Fx%3D1%23y',
    );
    expect(new URL(explorerLink('testnet', 'transaction', '//evil.example')!).host).toBe('testnet.tonviewer.com');
  });

  it("is the one the service's transfer records use (explorerUrl), which keeps its sandbox: marker", () => {
    expect(explorerTxUrl('mainnet', TX)).toBe(explorerLink('mainnet', 'transaction', TX));
    expect(explorerTxUrl('testnet', TX)).toBe(explorerLink('testnet', 'transaction', TX));
    expect(explorerTxUrl('sandbox', TX)).toBe(`sandbox:tx/${TX}`);
  });
});
