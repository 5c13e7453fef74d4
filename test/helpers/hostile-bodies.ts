import fc from 'fast-check';
import { hugeText, ODD_PIECES, oddText } from './odd-text';

/** Field names of the API's and the console's bodies: hostile values reach deeper under a name a schema knows. */
export const BODY_FIELDS = [
  'currency',
  'mainCurrency',
  'amount',
  'externalId',
  'description',
  'metadata',
  'customer',
  'callbackUrl',
  'allowedOrigins',
  'expiresInSeconds',
  'name',
  'contact',
  'url',
  'events',
  'enabled',
  'graceHours',
  'endpointId',
  'items',
  'chain',
  'payments',
  'origin',
  'timeZone',
  'folder',
  'keep',
  'passphrase',
  'type',
  'data',
  'destination',
  'txHash',
  'paymentId',
  'label',
  'note',
] as const;

/** `levels` arrays (or objects) around a leaf: a 20,000-level array is 40 KB, under the body limit. */
export const nested = (levels: number, open = '[', close = ']', leaf = '1'): string =>
  `${open.repeat(levels)}${leaf}${close.repeat(levels)}`;

/** One of each kind, every time: too deep, too big, the wrong types, odd Unicode, not an object at all. */
export const HOSTILE_BODIES: readonly { kind: string; payload: string }[] = [
  { kind: 'a 20,000-level array', payload: nested(20_000) },
  { kind: 'a 65-level object', payload: nested(65, '{"a":', '}') },
  { kind: 'deep metadata', payload: `{"metadata":{"a":${nested(5_000)}},"items":${nested(100)}}` },
  { kind: 'a 1 MB string', payload: JSON.stringify({ name: 'x'.repeat(1_048_576) }) },
  {
    kind: 'emoji in every field',
    payload: JSON.stringify(Object.fromEntries(BODY_FIELDS.map((f) => [f, '👩‍👩‍👧'.repeat(300)]))),
  },
  {
    kind: 'long arrays',
    payload: JSON.stringify({
      events: Array(20_000).fill('*'),
      items: [],
      allowedOrigins: Array(5_000).fill('https://a.example'),
    }),
  },
  {
    kind: 'odd types in every field',
    payload: JSON.stringify(
      Object.fromEntries(BODY_FIELDS.map((f, i) => [f, [1e308, -0, true, null, [], {}, [null], 'NaN'][i % 8]])),
    ),
  },
  {
    kind: 'odd Unicode in every field',
    payload: JSON.stringify(Object.fromEntries(BODY_FIELDS.map((f, i) => [f, ODD_PIECES.slice(i % 5).join('x')]))),
  },
  {
    kind: 'a lone surrogate, escaped',
    payload: '{"name":"\\ud800","description":"\\udfff x","externalId":"a\\ud800b"}',
  },
  { kind: 'NUL and U+FFFF in names', payload: '{"\\u0000":1,"\\uffff":2,"\\u202e":3}' },
  { kind: 'a bare string', payload: '"\\u202e10.00"' },
  { kind: 'a bare number', payload: '1e999' },
  { kind: 'an array of bodies', payload: '[{"currency":"USDT","mainCurrency":"TON","amount":"1.00"}]' },
];

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText(),
  hugeText.map((text) => text.slice(0, 20_000)),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, -1, 0.1, true, false, null, [], {}),
  fc.integer({ min: 60, max: 5_000 }).map((levels) => ({ __raw: nested(levels) })),
  fc.array(oddText(3), { maxLength: 4 }),
  fc.dictionary(oddText(2), oddText(2), { maxKeys: 3 }),
);

/** JSON text for a body whose fields carry random hostile values (`__raw` places deep nesting as is). */
export const hostileBody: fc.Arbitrary<string> = fc
  .dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BODY_FIELDS) }, oddText(3)), fieldValue, {
    maxKeys: 6,
  })
  .map((body) => {
    const raws: string[] = [];
    const text = JSON.stringify(body, (_key, value: unknown) => {
      const raw = (value as { __raw?: string } | null)?.__raw;
      if (typeof raw !== 'string') return value;
      raws.push(raw);
      return `__RAW_${raws.length - 1}__`;
    });
    return text.replace(/"__RAW_(\d+)__"/g, (_whole, i: string) => raws[Number(i)]!);
  });
