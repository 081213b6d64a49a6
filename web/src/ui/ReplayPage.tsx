// Steps through a finished match from GET /api/matches/{id}: the public log,
// or this browser's seat's own replay when it holds the room's seat token.
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { store } from "../state/store";
import type { MatchHistory } from "../gen/brethren/v1/history_pb";
import { loadCredentials } from "../state/session";
import { fetchHistory } from "../state/api";
import { describeEvent, describeAction } from "../logic/describe";
import { clampStep } from "../logic/replay";

export function ReplayPage({ matchId }: { matchId: string }) {
  const [history, setHistory] = useState<MatchHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  useEffect(() => {
    const room = new URLSearchParams(location.search).get("room");
    fetchHistory(matchId, room, room ? loadCredentials(room) : {}).then(
      (h) => { setHistory(h); setStep(h.events.length); },
      (e: Error) => setError(e.message),
    );
  }, [matchId]);
  const back = <a href="/" onClick={(e) => { e.preventDefault(); store.navigate("/"); }}>{t("replay.back")}</a>;
  if (error) return <section class="panel"><p role="alert">{t("replay.failed", { why: error })}</p>{back}</section>;
  if (!history) return <section class="panel"><p>{t("replay.loading")}</p></section>;
  const n = history.events.length;
  const names = (seat: number) => history.players.find((p) => p.seat === seat)?.displayName || t("table.seatName", { n: seat + 1 });
  const go = (to: number) => setStep(clampStep(to, n));
  return (
    <section
      class="panel replay"
      data-testid="replay"
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") go(step + 1);
        if (e.key === "ArrowLeft") go(step - 1);
      }}
    >
      <h1>{t("replay.title", { id: String(history.matchId) })} · {history.gameId}</h1>
      <p>{history.players.map((p) => `${names(p.seat)}${p.bot ? " 🤖" : ""}`).join(", ")}</p>
      <p>{history.outcome?.summary}</p>
      <div class="replay-controls" role="group">
        <button type="button" data-testid="replay-first" onClick={() => go(0)} disabled={step === 0}>⏮ {t("replay.first")}</button>
        <button type="button" data-testid="replay-prev" onClick={() => go(step - 1)} disabled={step === 0}>◀ {t("replay.prev")}</button>
        <span data-testid="replay-step" aria-live="polite">{t("replay.step", { i: step, n })}</span>
        <button type="button" data-testid="replay-next" onClick={() => go(step + 1)} disabled={step === n}>{t("replay.next")} ▶</button>
        <button type="button" data-testid="replay-last" onClick={() => go(n)} disabled={step === n}>{t("replay.last")} ⏭</button>
      </div>
      <ol class="replay-log" data-testid="replay-log">
        {history.events.slice(0, step).map((e, i) => (
          <li class={i === step - 1 ? "current" : ""}>
            <small>v{String(e.version)}</small> {e.event ? describeEvent(e.event, names) : ""}
          </li>
        ))}
      </ol>
      {history.actionsPublished && (
        <details>
          <summary>{history.actions.length} actions</summary>
          <ol>{history.actions.map((a) => <li>{names(a.seat)}: {a.action ? describeAction(a.action, names) : ""}</li>)}</ol>
        </details>
      )}
      {history.fairness && <p class="hint">{t("room.fairness")}: <code>{history.fairness.seedCommitment}</code> · seed {history.fairness.seed}</p>}
      {back}
    </section>
  );
}
