import { useState } from "preact/hooks";
import { useStore, store } from "../state/store";
import { t } from "../i18n";
import type { BotKindInfo } from "../gen/brethren/v1/game_pb";
import { EndedCause, RoomStatus, SpectatorPolicy, type RoomInfo } from "../gen/brethren/v1/protocol_pb";
import { formatRoomCode } from "../logic/roomCode";
import { loadCredentials } from "../state/session";
import { Chat } from "./Chat";
import { Table } from "./Table";
import { seatNamer, seatName, botKindName } from "./names";
import { PlayerLink, SeatRating, useSeatRatings } from "./PlayerRating";

/** How long "copied" shows after copying the room's link. */
const COPIED_SHOWN_MS = 2000;

export function RoomPage({ code }: { code: string }) {
  const s = useStore();
  if (s.kicked) return <section class="panel"><p role="alert">{t("room.kicked")}</p><BackLink /></section>;
  if (!s.room || s.room.roomCode !== code) {
    if (s.needsJoin) return <JoinForm code={code} />;
    return <section class="panel"><p>{t("conn.connecting")}</p></section>;
  }
  const room = s.room;
  // A match the server could not restore after a restart: why, in words.
  const cause = room.ended?.cause ?? EndedCause.ENDED_CAUSE_UNSPECIFIED;
  const ended = cause === EndedCause.ENDED_CAUSE_UNSPECIFIED ? "" : EndedCause[cause].replace(/^ENDED_/, "");
  return (
    <div class="room" data-testid="room" data-status={RoomStatus[room.status]}>
      <RoomHeader room={room} />
      {room.status === RoomStatus.OPEN ? <Seats room={room} /> : null}
      {ended ? <p class="panel" role="status" data-testid="match-ended">{t(`room.ended.${ended}`)}</p> : null}
      {s.view ? <Table room={room} /> : room.status !== RoomStatus.OPEN && !ended ? <p class="panel">{t("room.watching")}</p> : null}
      <div class="room-side">
        {room.status !== RoomStatus.OPEN && <Seats room={room} compact />}
        <Members room={room} />
        <Chat room={room} />
      </div>
    </div>
  );
}

function BackLink() {
  return <a href="/" onClick={(e) => { e.preventDefault(); store.navigate("/"); }}>{t("common.back")}</a>;
}

function JoinForm({ code }: { code: string }) {
  const s = useStore();
  const [name, setName] = useState(s.name);
  const [password, setPassword] = useState(loadCredentials(code).password ?? "");
  return (
    <form
      class="panel join"
      onSubmit={(e) => { e.preventDefault(); if (name.trim()) void store.joinFromForm(code, name.trim(), password); }}
    >
      <h2>{t("room.join.title", { code: formatRoomCode(code) })}</h2>
      <label class="field">
        <span>{t("name.label")}</span>
        <input data-testid="join-name" value={name} maxLength={32} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <label class="field">
        <span>{t("lobby.password")}</span>
        <input data-testid="join-password" value={password} autoComplete="off" onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit" data-testid="join-room" disabled={s.conn !== "open"}>{t("room.join.button")}</button>
      <p><BackLink /></p>
    </form>
  );
}

export function shareLink(code: string): string {
  // Keep ?server= so that a link made on a development page still works.
  const server = new URLSearchParams(location.search).get("server");
  return `${location.origin}/r/${code}${server ? `?server=${encodeURIComponent(server)}` : ""}`;
}

function RoomHeader({ room }: { room: RoomInfo }) {
  const s = useStore();
  const [copied, setCopied] = useState(false);
  const link = shareLink(room.roomCode);
  const game = s.games.find((g) => g.id === room.gameId);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      /* the link stays selectable in the field */
    }
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
  };
  const title = (
    <>
      {game?.displayName ?? t("room.title")} · <span class="code" data-testid="room-code">{formatRoomCode(room.roomCode)}</span>
      {room.settings?.rated && <> <span class="badge rated" data-testid="room-rated" title={t("room.ratedHint")}>★ {t("room.rated")}</span></>}
    </>
  );
  const details = (
    <>
      <p class="status">
        {t(`status.${RoomStatus[room.status]}`)} · {room.public ? t("room.publicRoom") : t("room.private")}
        {room.hasPassword ? ` · 🔒 ${t("room.password")}` : ""} · {room.turnTimeLimitMs ? t("room.clock", { s: room.turnTimeLimitMs / 1000 }) : t("room.noClock")}
        {room.settings?.locked ? ` · ${t("room.locked")}` : ""}
      </p>
      {room.settings?.rated && <p class="hint" data-testid="room-rated-hint">{t("room.ratedHint")}</p>}
      <div class="share">
        <label class="field inline">
          <span>{t("room.share")}</span>
          <input readOnly value={link} data-testid="share-link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </label>
        <button type="button" data-testid="copy-link" onClick={copy}>{copied ? `✓ ${t("room.copied")}` : t("room.copy")}</button>
      </div>
      <HostBar room={room} />
    </>
  );
  // While the match runs the header folds to one line: the table comes first
  // (after the end it opens again: rematch, leave).
  if (room.status === RoomStatus.PLAYING) {
    return (
      <section class="panel room-head folded">
        <details data-testid="room-details">
          <summary><h1>{title}</h1></summary>
          {details}
        </details>
      </section>
    );
  }
  return (
    <section class="panel room-head">
      <h1>{title}</h1>
      {details}
    </section>
  );
}

function HostBar({ room }: { room: RoomInfo }) {
  if (!room.youAreHost) {
    return <p><button type="button" data-testid="leave-room" onClick={() => void store.leaveRoom()}>{t("room.leave")}</button></p>;
  }
  const locked = room.settings?.locked ?? false;
  return (
    <div class="host-bar">
      <span class="badge">★ {t("room.host")}</span>
      <button type="button" data-testid="lock" aria-pressed={locked} onClick={() => void store.lock(!locked)}>
        {locked ? `🔓 ${t("room.unlock")}` : `🔒 ${t("room.lock")}`}
      </button>
      {(room.status === RoomStatus.FINISHED || room.status === RoomStatus.ABANDONED) && (
        <button type="button" data-testid="rematch" onClick={() => void store.rematch()}>↻ {t("room.rematch")}</button>
      )}
      <button type="button" data-testid="leave-room" onClick={() => void store.leaveRoom()}>{t("room.leave")}</button>
    </div>
  );
}

/** A bot kind in words: "Hard (thinks up to 3 s)". */
function botKindText(b: BotKindInfo): string {
  const name = botKindName(b.kind);
  return b.timeBudgetMs > 0 ? t("bot.kindTimed", { name, s: Math.max(1, Math.round(b.timeBudgetMs / 1000)) }) : t("bot.kindInstant", { name });
}


function Seats({ room, compact }: { room: RoomInfo; compact?: boolean }) {
  const s = useStore();
  const kinds = s.games.find((g) => g.id === room.gameId)?.botKinds ?? [];
  const strongest = kinds.length ? kinds[kinds.length - 1].kind : "";
  const [botKind, setBotKind] = useState("");
  const kind = kinds.some((k) => k.kind === botKind) ? botKind : strongest;
  const open = room.status === RoomStatus.OPEN;
  const free = room.seats.filter((x) => !x.taken).length;
  const allTaken = free === 0;
  const seated = room.yourSeat >= 0;
  const rated = useSeatRatings(room);
  return (
    <section class={`panel seats ${compact ? "compact" : ""}`} aria-labelledby="seats-h">
      <h2 id="seats-h">{t("room.seats")}</h2>
      {open && room.youAreHost && kinds.length > 0 && (
        <div class="bot-settings">
          <label class="field inline">
            <span>{t("bot.level")}</span>
            <select data-testid="bot-kind" value={kind} onChange={(e) => setBotKind((e.target as HTMLSelectElement).value)}>
              {kinds.map((b) => <option value={b.kind}>{botKindText(b)}</option>)}
            </select>
          </label>
          <label class="field inline">
            <span>{t("bot.autopilot")}</span>
            <select
              data-testid="autopilot-bot"
              value={room.settings?.autopilotBot || strongest}
              onChange={(e) => void store.setAutopilotBot((e.target as HTMLSelectElement).value)}
            >
              {kinds.map((b) => <option value={b.kind}>{botKindText(b)}</option>)}
            </select>
          </label>
        </div>
      )}
      <ol class="seat-list">
        {room.seats.map((seat) => (
          <li data-testid={`seat-${seat.seat}`} class={seat.seat === room.yourSeat ? "mine" : ""}>
            <span class="seat-no">{t("room.seat", { n: seat.seat + 1 })}</span>{" "}
            {seat.taken ? (
              <span>
                <strong>{seat.bot ? `🤖 ${seatName(seat, seat.seat)}` : rated(seat.seat) ? <PlayerLink username={seat.displayName} /> : seat.displayName}</strong>
                {seat.seat === room.yourSeat && ` (${t("room.you")})`}
                <SeatRating info={rated(seat.seat)} testId={`seat-rating-${seat.seat}`} />
                {!seat.connected && ` · ⏸ ${t("room.away")}`}
                {seat.autopilot && ` · 🤖 ${t("room.autopilot")}`}
              </span>
            ) : (
              <span class="free">{t("room.free")}</span>
            )}
            {open && !seat.taken && !seated && (
              <button type="button" data-testid={`take-seat-${seat.seat}`} onClick={() => void store.takeSeat(seat.seat)}>{t("room.takeSeat")}</button>
            )}
            {open && !seat.taken && seated && (
              <button type="button" data-testid={`move-seat-${seat.seat}`} onClick={() => void store.moveSeat(seat.seat)}>{t("room.moveSeat")}</button>
            )}
            {open && !seat.taken && room.youAreHost && (
              <button type="button" data-testid={`add-bot-${seat.seat}`} onClick={() => void store.addBot(seat.seat, kinds.length ? kind : "")}>🤖 {t("room.addBot")}</button>
            )}
            {open && seat.seat === room.yourSeat && (
              <button type="button" data-testid="leave-seat" onClick={() => void store.leaveSeat()}>{t("room.leaveSeat")}</button>
            )}
            {room.youAreHost && seat.taken && seat.seat !== room.yourSeat && !(seat.bot && !open) && (
              <button type="button" class="danger" data-testid={`kick-seat-${seat.seat}`} onClick={() => void store.kick(seat.seat, 0)}>{t("room.kick")}</button>
            )}
          </li>
        ))}
      </ol>
      {open && room.youAreHost && (
        <>
          <button type="button" class="primary" data-testid="start" disabled={!allTaken} aria-describedby={allTaken ? undefined : "start-why"} onClick={() => void store.startMatch()}>▶ {t("room.start")}</button>
          {!allTaken && <p class="hint" id="start-why" data-testid="start-why">{t(free === 1 ? "room.startWhy.one" : "room.startWhy.many", { n: free })}</p>}
        </>
      )}
      {open && !room.youAreHost && <p class="hint">{t("room.waitingStart")}</p>}
    </section>
  );
}

function Members({ room }: { room: RoomInfo }) {
  const names = seatNamer(room);
  return (
    <section class="panel members" aria-labelledby="members-h">
      <h2 id="members-h">{t("room.members")}</h2>
      <ul>
        {room.members.map((m) => (
          <li data-testid={`member-${m.memberId}`}>
            {m.displayName}
            {m.memberId === room.yourMemberId && ` (${t("room.you")})`}
            {m.host && ` · ★ ${t("room.host")}`}
            {m.seat >= 0 ? ` · ${t("room.seat", { n: m.seat + 1 })}` : ` · 👁 ${t("room.spectator")}`}
            {room.youAreHost && m.memberId !== room.yourMemberId && (
              <>
                {" "}
                <button type="button" data-testid={`make-host-${m.memberId}`} onClick={() => void store.transferHost(m.memberId)}>{t("room.makeHost")}</button>
                {m.seat < 0 && (
                  <button type="button" class="danger" data-testid={`kick-member-${m.memberId}`} onClick={() => void store.kick(-1, m.memberId)}>{t("room.kick")}</button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {room.spectatorCount > 0 && <p class="hint">👁 {room.spectatorCount}</p>}
      {room.settings?.spectators === SpectatorPolicy.SPECTATORS_NONE && <p class="hint">{t("spect.none")}</p>}
      <span hidden>{names(0)}</span>
    </section>
  );
}
