import { useStore, store } from "../state/store";
import { t, LANGS, getLang, setLang, type Lang } from "../i18n";
import { Lobby } from "./Lobby";
import { RoomPage } from "./RoomPage";
import { ReplayPage } from "./ReplayPage";
import { AccountPage } from "./AccountPage";
import { ProfilePage } from "./ProfilePage";
import { LeaderboardPage } from "./LeaderboardPage";
import { accountName } from "../logic/account";
import { useState } from "preact/hooks";
import { soundOn, setSound, notifyOn, setNotify, notificationsSupported } from "./attention";

const LANG_NAMES: Record<Lang, string> = { en: "English", es: "Español", it: "Italiano" };

export function App() {
  const s = useStore();
  const [, relabel] = useState(0);
  return (
    <div class="app">
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => { e.preventDefault(); store.navigate("/"); }}>
          <span aria-hidden="true">⚓</span> {t("app.title")}
        </a>
        <ConnectionBadge />
        <TurnAlerts />
        <LeaderboardsLink />
        <AccountLink />
        <label class="lang">
          <span class="sr-only">{t("lang.label")}</span>
          <select
            data-testid="lang"
            value={getLang()}
            onChange={(e) => { setLang((e.target as HTMLSelectElement).value as Lang); relabel((x) => x + 1); store.set({}); }}
          >
            {LANGS.map((l) => <option value={l}>{LANG_NAMES[l]}</option>)}
          </select>
        </label>
      </header>
      <div class="notices" role="status" aria-live="polite">
        {s.notices.map((n) => <div class={`notice ${n.kind}`} data-testid={`notice-${n.kind}`}>{n.text}</div>)}
      </div>
      <main>
        {s.route.page === "lobby" && <Lobby />}
        {s.route.page === "room" && <RoomPage code={s.route.code} />}
        {s.route.page === "replay" && <ReplayPage matchId={s.route.matchId} />}
        {s.route.page === "account" && <AccountPage />}
        {s.route.page === "player" && <ProfilePage name={s.route.name} />}
        {s.route.page === "leaderboard" && <LeaderboardPage gameId={s.route.gameId} />}
      </main>
    </div>
  );
}

/** The header's way to the leaderboards (🏆 alone on a phone). */
function LeaderboardsLink() {
  const s = useStore();
  return (
    <a
      class="nav-link leaderboards-link"
      href={`/leaderboards${location.search}`}
      data-testid="leaderboards-link"
      aria-current={s.route.page === "leaderboard" ? "page" : undefined}
      onClick={(e) => { e.preventDefault(); store.navigate("/leaderboards"); }}
    >
      <span aria-hidden="true">🏆</span> <span class="nav-text">{t("players.leaderboards")}</span>
    </a>
  );
}

/** The header's way to the account page: the account's name (a guest marked so), or "Sign in" without one. */
function AccountLink() {
  const s = useStore();
  if (s.accountPending) return null;
  const a = s.account;
  return (
    <a
      class="account-link"
      href="/account"
      data-testid="account-link"
      aria-current={s.route.page === "account" ? "page" : undefined}
      onClick={(e) => { e.preventDefault(); store.navigate("/account"); }}
    >
      <span aria-hidden="true">👤</span>{" "}
      {a ? (
        <>
          <span class="account-name" data-testid="account-name">{accountName(a)}</span>
          {a.guest && accountName(a) !== t("account.guestName") && <span class="account-tag"> ({t("account.guestTag")})</span>}
          <span class="sr-only">, {t("account.menu")}</span>
        </>
      ) : (
        t("account.signInLink")
      )}
    </a>
  );
}

function ConnectionBadge() {
  const s = useStore();
  const icon = { connecting: "…", open: "●", reconnecting: "⟳", replaced: "⚠", closed: "○" }[s.conn];
  return (
    <span class={`conn conn-${s.conn}`} data-testid="conn" data-state={s.conn} role="status">
      <span aria-hidden="true">{icon}</span> <span class="conn-text">{t(`conn.${s.conn}`)}</span>
      {s.conn === "replaced" && <button type="button" onClick={() => store.reclaimSeat()}>{t("conn.reclaim")}</button>}
    </span>
  );
}

/** The header's switches for the turn's sound and notification (both remembered; the notification asks the browser once, on this click). */
function TurnAlerts() {
  // Read once (lazy initial state): the header renders on every update, and
  // Notification.permission and localStorage are slow to read (seen in a
  // move's profile, tests/browser/smoothness.spec.ts).
  const [sound, setSoundState] = useState(soundOn);
  const [notify, setNotifyState] = useState(notifyOn);
  return (
    <span class="alerts">
      <button
        type="button"
        class="toggle"
        data-testid="sound-toggle"
        aria-pressed={sound}
        title={t("sound.label")}
        onClick={() => { setSound(!sound); setSoundState(!sound); }}
      >
        <span aria-hidden="true">{sound ? "🔔" : "🔕"}</span> <span class="label">{sound ? t("sound.on") : t("sound.off")}</span>
      </button>
      {notificationsSupported() && (
        <button
          type="button"
          class="toggle"
          data-testid="notify-toggle"
          aria-pressed={notify}
          title={t("notify.label")}
          onClick={() => void setNotify(!notify).then(setNotifyState)}
        >
          <span aria-hidden="true">✉</span> <span class="label">{notify ? t("notify.on") : t("notify.off")}</span>
        </button>
      )}
    </span>
  );
}
