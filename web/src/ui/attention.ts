// Telling a player it is his turn when he is looking elsewhere: the tab's
// title and favicon while he must act, a short sound (his choice, off by
// default, remembered), and a browser notification when the tab is hidden
// (only after he asked for it with a click: the browser's permission prompt
// is never shown without that gesture).
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { t } from "../i18n";

const SOUND_KEY = "brethren.sound";
const NOTIFY_KEY = "brethren.notify";
/** The beep: a short, soft tone. */
const BEEP_HZ = 660;
const BEEP_S = 0.18;
const BEEP_GAIN = 0.08;

function stored(key: string): boolean {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false;
  }
}
function store(key: string, on: boolean) {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    /* private mode: for this page only */
  }
}

export function soundOn(): boolean {
  return stored(SOUND_KEY);
}
export function setSound(on: boolean) {
  store(SOUND_KEY, on);
  if (on) beep(); // the click is the gesture that lets the page make a sound
}

export function notificationsSupported(): boolean {
  return typeof Notification !== "undefined";
}
export function notifyOn(): boolean {
  return notificationsSupported() && Notification.permission === "granted" && stored(NOTIFY_KEY);
}
/** Called from a click: asks the browser's permission the first time, then remembers the choice. */
export async function setNotify(on: boolean): Promise<boolean> {
  if (!notificationsSupported()) return false;
  if (on && Notification.permission === "default") await Notification.requestPermission();
  const granted = Notification.permission === "granted";
  store(NOTIFY_KEY, on && granted);
  return on && granted;
}

let audio: AudioContext | null = null;
function beep() {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = BEEP_HZ;
    gain.gain.setValueAtTime(BEEP_GAIN, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + BEEP_S);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + BEEP_S);
  } catch {
    /* no audio on this device */
  }
}

const BASE_TITLE = "Brethren";
let baseIcon: string | null = null;

/** The favicon with a red badge (an SVG data URL). */
function badgeIcon(): string {
  const svg =
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><text x='4' y='50' font-size='48'>⚓</text>" +
    "<circle cx='48' cy='16' r='14' fill='#d62828' stroke='white' stroke-width='3'/></svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function setIcon(badge: boolean) {
  const link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (!link) return;
  baseIcon ??= link.getAttribute("href");
  const href = badge ? badgeIcon() : (baseIcon ?? "/favicon.svg");
  // Unchanged, untouched: a new href makes the browser load the icon again.
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

export type Turn = "must" | "may" | "none";

/** Title, favicon, sound and notification follow whether the viewer must (or may) act. */
export function useTurnAttention(turn: Turn, version: bigint, gameName: string) {
  // Before the paint: the title changes with the table, never after it.
  useLayoutEffect(() => {
    const title = turn === "must" ? t("title.yourTurn") : turn === "may" ? t("title.youMay") : BASE_TITLE;
    if (document.title !== title) document.title = title;
    // An attribute of <html> restyles the whole page: written only when it changes.
    if (document.documentElement.dataset.turn !== turn) document.documentElement.dataset.turn = turn;
    setIcon(turn === "must");
  }, [turn, t("title.yourTurn")]);
  const before = useRef<Turn>("none");
  useEffect(() => {
    const was = before.current;
    before.current = turn;
    // Only the start of a turn announces itself (not each of his moves within it).
    if (turn !== "must" || was === "must") return;
    if (soundOn()) beep();
    if (notifyOn() && document.hidden) {
      try {
        const n = new Notification(t("notify.title"), { body: t("notify.body", { game: gameName }), tag: "brethren-turn" });
        n.onclick = () => window.focus();
      } catch {
        /* some browsers allow notifications only from a service worker */
      }
    }
  }, [turn, version]);
  useEffect(
    () => () => {
      document.title = BASE_TITLE;
      delete document.documentElement.dataset.turn;
      setIcon(false);
    },
    [],
  );
}
