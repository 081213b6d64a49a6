import { useEffect, useState } from "preact/hooks";
import { create, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { useStore, store } from "../state/store";
import { t, hasKey } from "../i18n";
import { GameOptionsSchema, type GameInfo } from "../gen/brethren/v1/game_pb";
import { SpectatorPolicy, RoomStatus } from "../gen/brethren/v1/protocol_pb";
import { normalizeRoomCode, isRoomCode, formatRoomCode } from "../logic/roomCode";
import { optionFields, optionsJson, numbersValid, type OptionField } from "../logic/options";
import { MyGames } from "./MyGames";
import { QuickPlay } from "./QuickPlay";

/** How often the lobby's list of public rooms refreshes. */
const ROOM_LIST_REFRESH_MS = 3000;

export function Lobby() {
  const s = useStore();
  useEffect(() => {
    if (s.conn !== "open") return;
    void store.listRooms();
    const id = setInterval(() => void store.listRooms(), ROOM_LIST_REFRESH_MS);
    return () => clearInterval(id);
  }, [s.conn]);
  return (
    <div class="lobby">
      <MyGames />
      <QuickPlay />
      <section class="panel">
        <label class="field">
          <span>{t("name.label")}</span>
          <input data-testid="name" value={s.name} maxLength={32} onInput={(e) => store.setName((e.target as HTMLInputElement).value)} />
        </label>
        <JoinByCode />
      </section>
      <CreateRoom games={s.games} />
      <section class="panel" aria-labelledby="rooms-h">
        <h2 id="rooms-h">{t("lobby.publicRooms")}</h2>
        <p class="hint">{t("lobby.refreshed")}</p>
        {s.rooms.length === 0 ? <p>{t("lobby.noRooms")}</p> : (
          <ul class="room-list" data-testid="room-list">
            {s.rooms.map((r) => (
              <li>
                <a href={`/r/${r.roomCode}`} onClick={(e) => { e.preventDefault(); store.navigate(`/r/${r.roomCode}`); }}>
                  {formatRoomCode(r.roomCode)}
                </a>{" "}
                {s.games.find((g) => g.id === r.gameId)?.displayName ?? r.gameId} · {r.seatsTaken}/{r.seatCount} ·{" "}
                {t(`status.${RoomStatus[r.status]}`)} {r.hasPassword ? "🔒" : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function JoinByCode() {
  const [code, setCode] = useState("");
  const [bad, setBad] = useState(false);
  return (
    <form
      class="join-code"
      onSubmit={(e) => {
        e.preventDefault();
        if (!isRoomCode(code)) return setBad(true);
        store.navigate(`/r/${normalizeRoomCode(code)}`);
      }}
    >
      <h2>{t("lobby.join")}</h2>
      <label class="field">
        <span>{t("lobby.code")}</span>
        <input data-testid="join-code" value={code} autoComplete="off" onInput={(e) => { setCode((e.target as HTMLInputElement).value); setBad(false); }} />
      </label>
      {bad && <p class="error" role="alert">{t("lobby.badCode")}</p>}
      <button type="submit">{t("lobby.joinButton")}</button>
    </form>
  );
}

function CreateRoom({ games }: { games: GameInfo[] }) {
  const s = useStore();
  const [gameId, setGameId] = useState("");
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [seats, setSeats] = useState(0);
  const [opts, setOpts] = useState<Record<string, string>>({});
  const [password, setPassword] = useState("");
  const [isPublic, setPublic] = useState(true);
  const [clock, setClock] = useState(0);
  const [spect, setSpect] = useState(SpectatorPolicy.SPECTATOR_POLICY_UNSPECIFIED);
  const [spectChat, setSpectChat] = useState(false);
  const [grace, setGrace] = useState(0);
  const [rated, setRated] = useState(false);
  if (!game) return <section class="panel"><h2>{t("lobby.create")}</h2><p>{t("conn.connecting")}</p></section>;
  const fields = optionFields(game);
  const seatCount = seats >= game.minSeats && seats <= game.maxSeats ? seats : Math.min(game.maxSeats, Math.max(game.minSeats, 4));
  const submit = (e: Event) => {
    e.preventDefault();
    let options;
    try {
      options = fromJson(GameOptionsSchema, optionsJson(game, fields, opts) as JsonValue);
    } catch (err) {
      console.info(String((err as Error).message));
      store.notify("error", t("error.INVALID_OPTIONS"));
      return;
    }
    void store.createRoom({
      gameId: game.id,
      seatCount,
      options: options ?? create(GameOptionsSchema),
      isPublic,
      password,
      turnTimeLimitMs: Math.max(0, Math.round(clock * 1000)),
      settings: { spectators: spect, spectatorChat: spectChat, absentGraceMs: Math.max(0, Math.round(grace * 1000)), rated },
    });
  };
  return (
    <form class="panel create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">{t("lobby.create")}</h2>
      <label class="field">
        <span>{t("lobby.game")}</span>
        <select data-testid="game" value={game.id} onChange={(e) => { setGameId((e.target as HTMLSelectElement).value); setOpts({}); setSeats(0); }}>
          {games.map((g) => <option value={g.id}>{words(`game.${g.id}.name`, g.displayName)}</option>)}
        </select>
      </label>
      <p class="hint" data-testid="game-summary">{words(`game.${game.id}.summary`, game.summary)}</p>
      <label class="field">
        <span>{t("lobby.seats")}</span>
        <input data-testid="seats" type="number" min={game.minSeats} max={game.maxSeats} value={seatCount} onInput={(e) => setSeats(Number((e.target as HTMLInputElement).value))} />
      </label>
      {fields.length > 0 && (
        <fieldset>
          <legend>{t("lobby.options")}</legend>
          {fields.map((f) => <OptionInput f={f} value={opts[f.name]} set={(v) => setOpts({ ...opts, [f.name]: v })} />)}
        </fieldset>
      )}
      <div class="option rated-choice">
        <label class="check">
          <input data-testid="rated" type="checkbox" aria-describedby="rated-desc" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} /> {t("lobby.rated")}
        </label>
        <small class="hint" id="rated-desc">{t("lobby.ratedHint")}</small>
      </div>
      <label class="field">
        <span>{t("lobby.password")}</span>
        <input data-testid="password" type="text" value={password} autoComplete="off" onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
      </label>
      <label class="check">
        <input data-testid="public" type="checkbox" checked={isPublic} onChange={(e) => setPublic((e.target as HTMLInputElement).checked)} /> {t("lobby.public")}
      </label>
      <label class="field">
        <span>{t("lobby.clock")}</span>
        <input data-testid="clock" type="number" min={0} max={3600} value={clock} onInput={(e) => setClock(Number((e.target as HTMLInputElement).value))} />
      </label>
      <label class="field">
        <span>{t("lobby.spectators")}</span>
        <select data-testid="spectators" value={spect} onChange={(e) => setSpect(Number((e.target as HTMLSelectElement).value))}>
          <option value={SpectatorPolicy.SPECTATOR_POLICY_UNSPECIFIED}>{t("spect.default")}</option>
          <option value={SpectatorPolicy.SPECTATORS_OPEN}>{t("spect.open")}</option>
          <option value={SpectatorPolicy.SPECTATORS_PASSWORD}>{t("spect.password")}</option>
          <option value={SpectatorPolicy.SPECTATORS_NONE}>{t("spect.none")}</option>
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={spectChat} onChange={(e) => setSpectChat((e.target as HTMLInputElement).checked)} /> {t("lobby.spectatorChat")}
      </label>
      <label class="field">
        <span>{t("lobby.grace")}</span>
        <input data-testid="grace" type="number" min={0} max={86400} value={grace} onInput={(e) => setGrace(Number((e.target as HTMLInputElement).value))} />
      </label>
      <button type="submit" data-testid="create" disabled={!s.name.trim() || s.conn !== "open"}>{t("lobby.createButton")}</button>
    </form>
  );
}

/** The catalogue's words for a key, or the fallback when the catalogue has none. */
function words(key: string, fallback: string): string {
  return hasKey(key) ? t(key) : fallback;
}

function OptionInput({ f, value, set }: { f: OptionField; value: string | undefined; set: (v: string) => void }) {
  const v = value ?? f.defaultText;
  const label = words(f.labelKey, f.fallbackLabel);
  const desc = hasKey(f.descKey) ? t(f.descKey) : "";
  const id = `opt-${f.key}`;
  const descId = desc ? `${id}-desc` : undefined;
  const hint = desc ? <small class="hint" id={descId}>{desc}</small> : null;
  if (f.kind === "bool") {
    return (
      <div class="option">
        <label class="check">
          <input type="checkbox" data-testid={`option-${f.key}`} aria-describedby={descId} checked={v === "true"} onChange={(e) => set((e.target as HTMLInputElement).checked ? "true" : "false")} /> {label}
        </label>
        {hint}
      </div>
    );
  }
  if (f.kind === "choice") {
    return (
      <div class="option field">
        <label for={id}>{label}</label>
        <select id={id} data-testid={`option-${f.key}`} aria-describedby={descId} value={v} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
          {f.choices.map((c) => <option value={c.text}>{words(c.key, c.label)}</option>)}
        </select>
        {hint}
      </div>
    );
  }
  if (f.kind === "multi") {
    // Only the values the catalogue words (the others are not the host's to pick, e.g. a face-down card).
    const chosen = new Set(v.split(",").filter(Boolean));
    const offered = f.choices.filter((c) => hasKey(c.key));
    return (
      <fieldset class="option multi" data-testid={`option-${f.key}`} aria-describedby={descId}>
        <legend>{label}</legend>
        {offered.map((c) => (
          <label class="check">
            <input
              type="checkbox"
              checked={chosen.has(c.text)}
              onChange={(e) => {
                const next = new Set(chosen);
                if ((e.target as HTMLInputElement).checked) next.add(c.text);
                else next.delete(c.text);
                set(offered.filter((o) => next.has(o.text)).map((o) => o.text).join(","));
              }}
            />{" "}
            {t(c.key)}
          </label>
        ))}
        {hint}
      </fieldset>
    );
  }
  return (
    <div class="option field">
      <label for={id}>{label}</label>
      <input
        id={id}
        data-testid={`option-${f.key}`}
        aria-describedby={descId}
        type={f.kind === "number" ? "number" : "text"}
        inputMode={f.kind === "numbers" ? "numeric" : undefined}
        placeholder={f.kind === "numbers" ? t("lobby.optionDefault") : undefined}
        value={v}
        onInput={(e) => set((e.target as HTMLInputElement).value)}
      />
      {f.kind === "numbers" && !numbersValid(v) && <small class="error" role="alert">{t("lobby.numbersOnly")}</small>}
      {hint}
    </div>
  );
}
