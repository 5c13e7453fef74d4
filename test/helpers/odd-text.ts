import fc from 'fast-check';

/**
 * Text that has broken parsers, databases and serializers before: lone surrogates, the non-characters
 * U+FFFE/U+FFFF, bidirectional overrides, emoji (astral, joined, with variation selectors), NUL,
 * HTML and JSON metacharacters, and whitespace a trim would eat.
 */
export const ODD_PIECES = [
  '\uD800',
  '\uDFFF',
  '\uDBFF\uDFFF',
  '\uFFFF',
  '\uFFFE',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u200F',
  '\u200B',
  '\uFEFF',
  '😀',
  '👩‍👩‍👧',
  '❤️',
  '🇺🇦',
  '\u0000',
  '"',
  '<',
  '>',
  '&',
  "'",
  '\\',
  '`',
  '%',
  '%00',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u00A0',
  '\u3000',
  'é',
  'e\u0301',
  'ß',
  'İ',
  'ﷺ',
  '𝕏',
  '{"a":1}',
  '</script>',
  '${x}',
] as const;

/** A short string built mostly from the odd pieces, with plain characters between them. */
export const oddText = (maxPieces = 8): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ODD_PIECES) }, fc.string({ maxLength: 4, unit: 'grapheme' })),
      { maxLength: maxPieces },
    )
    .map((pieces) => pieces.join(''));

/** Odd text without the NUL character and lone surrogates, which the service refuses at the door. */
export const storableOddText = (maxPieces = 8): fc.Arbitrary<string> =>
  oddText(maxPieces).map((text) => text.replace(/\u0000|\p{Cs}/gu, ''));

/** Strings far beyond any field's limit. */
export const hugeText = fc
  .constantFrom(10_000, 100_000)
  .chain((length) => fc.constantFrom('a', '😀', '\u202E').map((unit) => unit.repeat(length)));
