import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../../server/auth/api-keys';
import { budgetOf, rateBucket } from '../../server/plugins/rate-limit';

const key: ApiKeyRecord = {
  id: 'key_1',
  name: 'till',
  prefix: 'tt_abcdef',
  createdAt: 0,
  lastUsedAt: null,
  revokedAt: null,
};

describe('rateBucket', () => {
  it('gives a verified key its own bucket, whatever address it comes from', () => {
    expect(rateBucket(key, '203.0.113.7')).toBe('key:key_1');
    expect(rateBucket(key, '198.51.100.1')).toBe('key:key_1');
  });

  it('puts everything else in its client address bucket', () => {
    expect(rateBucket(null, '203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it('counts an IPv6 client per subnet, since one host can take many addresses', () => {
    expect(rateBucket(null, '2001:db8:1:2::1')).toBe(rateBucket(null, '2001:db8:1:2:ffff::9'));
  });
});

describe('budgetOf', () => {
  it('takes the key budget for key buckets and the address budget for the rest', () => {
    const config = { max: 600, keyMax: 6000 };
    expect(budgetOf('key:key_1', config)).toBe(6000);
    expect(budgetOf('ip:203.0.113.7', config)).toBe(600);
  });
});
