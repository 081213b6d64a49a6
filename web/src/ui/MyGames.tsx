// The lobby's "My games": the account's live rooms (his turn first, marked
// so), each with a button back to his seat; the same on every device signed
// in to the account (src/state/myGames.ts asks the server).
import { useEffect, useState } from "preact/hooks";
import { t, hasKey } from "../i18n";
import { store, useStore } from "../state/store";
import { useWatched } from "../state/watched";
import { activeAgo, roomState, withWhom } from "../state/myGames";
import { RoomStatus, type MyRoom } from "../gen/brethren/v1/protocol_pb";
import { formatRoomCode } from "../logic/roomCode";

/** How often the open lobby asks for the account's rooms again (turns change while it is open). */
const MY_GAMES_REFRESH_MS = 10_000;

export function MyGames() {
  const s = useStore();
  const mine = useWatched(store.myGames.state);
  const ready = s.conn === "open" && !s.accountPending;
  // When the lobby opens, when the connection or the account changes, and every few seconds.
  useEffect(() => {
    if (!ready) return;
    void store.myGames.refresh();
    const id = setInterval(() => void store.myGames.refresh(), MY_GAMES_REFRESH_MS);
    return () => clearInterval(id);
  }, [ready, s.account]);
  const now = useNow();
  const turns = mine.rooms.filter((r) => roomState(r).yourTurn).length;
  return (
    <section class="panel my-games" aria-labelledby="my-games-h" data-testid="my-games" data-status={mine.status}>
      <h2 id="my-games-h">
        {t("myGames.title")}
        {turns > 0 && <span class="my-games-count"> · {t(turns === 1 ? "myGames.turnsOne" : "myGames.turns", { n: turns })}</span>}
      </h2>
      {mine.status === "loading" && <p class="hint">{t("myGames.loading")}</p>}
      {mine.status === "failed" && <p class="hint" data-testid="my-games-failed">{t("myGames.failed")}</p>}
      {mine.status === "signedOut" && (
        <p class="hint" data-testid="my-games-signed-out">
          {t("myGames.signedOut")}{" "}
          <a href="/account" onClick={(e) => { e.preventDefault(); store.navigate("/account"); }}>{t("myGames.signInLink")}</a>
        </p>
      )}
      {mine.status === "ready" && mine.rooms.length === 0 && <p class="hint" data-testid="my-games-empty">{t("myGames.empty")}</p>}
      {mine.rooms.length > 0 && (
        <ul class="my-games-list" data-testid="my-games-list">
          {mine.rooms.map((r) => <MyGameEntry room={r} now={now} />)}
        </ul>
      )}
      {mine.truncated && <p class="hint">{t("myGames.truncated")}</p>}
    </section>
  );
}

function MyGameEntry({ room, now }: { room: MyRoom; now: number }) {
  const s = useStore();
  const state = roomState(room);
  const game = s.games.find((g) => g.id === room.gameId);
  const name = hasKey(`game.${room.gameId}.name`) ? t(`game.${room.gameId}.name`) : game?.displayName ?? room.gameId;
  const id = `my-game-${room.roomCode}`;
  const open = room.status === RoomStatus.OPEN;
  return (
    <li class={`my-game${state.yourTurn ? " your-turn" : ""}`} data-testid={id} data-your-turn={String(state.yourTurn)}>
      <div class="my-game-text">
        <p class="my-game-title">
          <strong id={`${id}-name`}>{name}</strong>{" "}
          <span class={`my-game-state${state.yourTurn ? " turn-badge" : ""}`} data-testid={`${id}-state`}>
            {state.yourTurn && <span aria-hidden="true">● </span>}
            {t(state.key)}
          </span>
        </p>
        <p class="my-game-who">{withWhom(room)}</p>
        <p class="my-game-meta">
          {t("room.seat", { n: room.yourSeat + 1 })} · {t("myGames.room")} <span class="code">{formatRoomCode(room.roomCode)}</span> ·{" "}
          {t("myGames.active", { when: activeAgo(room.activeUnixMs, now) })}
        </p>
      </div>
      <button
        type="button"
        class={state.yourTurn ? "primary" : ""}
        data-testid={`${id}-open`}
        aria-describedby={`${id}-name`}
        onClick={() => store.openMyRoom(room.roomCode)}
      >
        {t(state.yourTurn ? "myGames.play" : open ? "myGames.backToRoom" : "myGames.backToTable")}
      </button>
    </li>
  );
}

/** The time now, again every half minute ("5 minutes ago" moves on while the lobby is open). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
