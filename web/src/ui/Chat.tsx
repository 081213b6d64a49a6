import { useEffect, useRef, useState } from "preact/hooks";
import { useStore, store } from "../state/store";
import { t } from "../i18n";
import type { RoomInfo } from "../gen/brethren/v1/protocol_pb";

/** The server's limit on a chat line (server/room/user_text.h, kChatTextRules). */
const CHAT_MAX_CHARS = 500;

export function Chat({ room }: { room: RoomInfo }) {
  const s = useStore();
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [s.chat.length]);
  const canWrite = room.yourSeat >= 0 || room.youAreHost || (room.settings?.spectatorChat ?? false);
  return (
    <section class="panel chat" aria-labelledby="chat-h">
      <h2 id="chat-h">{t("chat.title")}</h2>
      <ol class="chat-log" ref={list} aria-live="polite" data-testid="chat-log" tabIndex={0}>
        {s.chat.length === 0 && <li class="hint">{t("chat.empty")}</li>}
        {s.chat.map((m) => (
          <li>
            <strong>{m.displayName}</strong>{m.seat < 0 ? ` (${t("chat.spectator")})` : ""}: {m.text}
          </li>
        ))}
      </ol>
      {canWrite && (
        <form
          class="chat-form"
          onSubmit={async (e) => {
            e.preventDefault();
            const msg = text.trim();
            if (msg && (await store.sendChat(msg))) setText("");
          }}
        >
          <label class="sr-only" for="chat-input">{t("chat.placeholder")}</label>
          <input id="chat-input" data-testid="chat-input" value={text} maxLength={CHAT_MAX_CHARS} placeholder={t("chat.placeholder")} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
          <button type="submit" data-testid="chat-send">{t("chat.send")}</button>
        </form>
      )}
    </section>
  );
}
