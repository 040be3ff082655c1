/**
 * UTF-8 bytes to text by hand: mini-game runtimes have no `TextDecoder`. Each byte outside ASCII (and `%`) is
 * percent-encoded and `decodeURIComponent`, an ECMAScript built-in, assembles the characters.
 */
export function utf8(bytes: ArrayLike<number>): string {
  let encoded = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    encoded += byte < 0x80 && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`;
  }
  return decodeURIComponent(encoded);
}

/** How many bytes the character led by `byte` takes (1 for a continuation byte, which is never a lead). */
const lengthOf = (byte: number) => (byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1);

/**
 * Decodes a byte stream chunk by chunk: a character split across two chunks is held back until its last byte
 * comes, so the text handed out never ends half-way through one.
 */
export function utf8Stream(): (chunk: ArrayLike<number>) => string {
  let carry: number[] = [];
  return (chunk) => {
    const bytes = carry.concat(Array.prototype.slice.call(chunk) as number[]);
    let cut = bytes.length;
    for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i--) {
      const byte = bytes[i]!;
      if ((byte & 0xc0) === 0x80) continue;
      if (bytes.length - i < lengthOf(byte)) cut = i;
      break;
    }
    carry = bytes.slice(cut);
    return utf8(bytes.slice(0, cut));
  };
}
