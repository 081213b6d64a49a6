// Room codes as the server reads them (docs/protocol.md): case, dashes and
// spaces are ignored, I/L read as 1 and O as 0. Nine characters.
const ALPHABET = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{9}$/;

export function normalizeRoomCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

export function isRoomCode(typed: string): boolean {
  return ALPHABET.test(normalizeRoomCode(typed));
}

/** "K7Q2M9XPA" -> "K7Q-2M9-XPA": easier to read aloud. */
export function formatRoomCode(code: string): string {
  return code.length === 9 ? `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}` : code;
}
