// Seat and host tokens per room, and the account's session token, kept in
// localStorage so that a reload (or a new tab) can resume the seat and the
// account. They are secrets: never shown, never sent anywhere but the server
// that issued them.
export interface RoomCredentials {
  seatToken?: string;
  hostToken?: string;
  password?: string;
  joined?: boolean;
}

const key = (code: string) => `brethren.room.${code}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadCredentials(code: string): RoomCredentials {
  const raw = storage()?.getItem(key(code));
  if (!raw) return {};
  try {
    return JSON.parse(raw) as RoomCredentials;
  } catch {
    return {};
  }
}

export function saveCredentials(code: string, patch: Partial<RoomCredentials>): RoomCredentials {
  const next = { ...loadCredentials(code), ...patch };
  for (const k of Object.keys(next) as (keyof RoomCredentials)[]) if (next[k] === undefined) delete next[k];
  storage()?.setItem(key(code), JSON.stringify(next));
  return next;
}

export function forgetCredentials(code: string): void {
  storage()?.removeItem(key(code));
}

export function loadName(): string {
  return storage()?.getItem("brethren.name") ?? "";
}

export function saveName(name: string): void {
  storage()?.setItem("brethren.name", name);
}

// The account's session token (docs/accounts.md): the guest's only key, a
// signed-in account's on this browser. A secret like the seat tokens.
const ACCOUNT_KEY = "brethren.account";

export function loadAccountToken(): string {
  return storage()?.getItem(ACCOUNT_KEY) ?? "";
}

export function saveAccountToken(token: string): void {
  storage()?.setItem(ACCOUNT_KEY, token);
}

export function forgetAccountToken(): void {
  storage()?.removeItem(ACCOUNT_KEY);
}

/** Calls `fn` when another tab of this browser changes the account's token. */
export function onAccountTokenChange(fn: () => void): void {
  globalThis.addEventListener?.("storage", (e: StorageEvent) => {
    if (e.key === ACCOUNT_KEY || e.key === null) fn();
  });
}
