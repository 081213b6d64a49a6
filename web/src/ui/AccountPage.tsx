// The account page (/account, from the top bar's account link): who this
// browser plays as, and what can be done with the account (docs/accounts.md).
// A guest keeps his account (claim) or signs in to another one; a claimed
// account changes its password, signs out (here or everywhere); any account
// can be deleted, after a confirmation. Each part is one section below; later
// ones (my games, profile, ratings) are added to the list in AccountPage.
import type { ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { store, useStore } from "../state/store";
import type { AccountInfo } from "../gen/brethren/v1/protocol_pb";
import { RequestError } from "../net/connection";
import { errorKey } from "../logic/errors";
import { passwordProblem, usernameProblem, accountName } from "../logic/account";
import { MyProfile } from "./ProfilePage";

/** Words for a refused account request: the error's sentence (its code and the server's text go to the console). */
function errorWords(e: unknown): string {
  if (e instanceof RequestError) {
    console.info(`${e.codeName}: ${e.message}`);
    return t(errorKey(e.code));
  }
  return t("error.connection");
}

type Announce = (text: string) => void;

export function AccountPage() {
  const s = useStore();
  const [done, setDone] = useState("");
  const status = useRef<HTMLParagraphElement>(null);
  // After an action the sections change (a form may go away): the focus
  // goes to the sentence that says what happened, never to the page's body.
  const announce: Announce = (text) => {
    setDone(text);
    requestAnimationFrame(() => status.current?.focus());
  };
  const a = s.account;
  return (
    <div class="account-page" data-testid="account">
      <section class="panel" aria-labelledby="account-h">
        <h1 id="account-h">{t("account.title")}</h1>
        <Who account={a} pending={s.accountPending} />
        <p ref={status} tabIndex={-1} role="status" class="account-status" data-testid="account-status">{done}</p>
      </section>
      {a?.guest && <ClaimForm announce={announce} />}
      {!s.accountPending && (!a || a.guest) && <SignInForm announce={announce} />}
      {a && !a.guest && <ChangePasswordForm announce={announce} />}
      {a && !a.guest && <SignOut announce={announce} />}
      {a && <MyProfile account={a} />}
      {a && <DeleteAccount account={a} announce={announce} />}
    </div>
  );
}

function Who({ account, pending }: { account: AccountInfo | null; pending: boolean }) {
  if (pending) return <p>{t("account.loading")}</p>;
  if (!account) return <p data-testid="account-who">{t("account.none")}</p>;
  return (
    <p data-testid="account-who" data-guest={String(account.guest)}>
      {account.guest ? t("account.isGuest", { name: accountName(account) }) : t("account.isClaimed", { username: accountName(account) })}
    </p>
  );
}

/** A section with a heading, a short text and a form whose error shows inside it. */
function FormSection(props: {
  id: string;
  title: string;
  text?: string;
  error: string;
  /** How many times the server refused this form (for the tests to wait on an answer). */
  refusals: number;
  onSubmit: () => void;
  children: ComponentChildren;
}) {
  return (
    <section class="panel account-section" aria-labelledby={`${props.id}-h`} data-testid={props.id} data-refusals={props.refusals}>
      <h2 id={`${props.id}-h`}>{props.title}</h2>
      {props.text && <p class="hint">{props.text}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
        noValidate
      >
        {props.children}
        {props.error && <p class="error" role="alert" data-testid={`${props.id}-error`}>{props.error}</p>}
      </form>
    </section>
  );
}

/** A labelled text or password field, with its rule (if any) read with it. */
function Field(props: {
  id: string;
  label: string;
  value: string;
  onInput: (v: string) => void;
  type?: "text" | "password";
  autoComplete: string;
  rule?: string;
  invalid?: boolean;
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        id={props.id}
        data-testid={props.id}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        autoCapitalize="off"
        spellcheck={false}
        aria-invalid={props.invalid ? "true" : undefined}
        aria-describedby={props.rule ? `${props.id}-rule` : undefined}
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
      {props.rule && <span class="hint" id={`${props.id}-rule`}>{props.rule}</span>}
    </label>
  );
}

/** The state of one form's request: busy while sent, the words of its refusal. */
function useRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [refusals, setRefusals] = useState(0);
  const run = async (check: string | null, send: () => Promise<void>): Promise<boolean> => {
    if (check) {
      setError(check);
      return false;
    }
    setBusy(true);
    setError("");
    try {
      await send();
      return true;
    } catch (e) {
      setError(errorWords(e));
      setRefusals((n) => n + 1);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, refusals, run };
}

function ClaimForm({ announce }: { announce: Announce }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const r = useRequest();
  const submit = async () => {
    const ok = await r.run(usernameProblem(username) ?? passwordProblem(password), () => store.account.claim(username, password));
    if (ok) announce(t("account.claim.done", { username: accountName(store.state.account) }));
  };
  return (
    <FormSection id="claim" title={t("account.claim.title")} text={t("account.claim.text")} error={r.error} refusals={r.refusals} onSubmit={submit}>
      <Field id="claim-username" label={t("account.username")} value={username} onInput={setUsername} autoComplete="username" rule={t("account.usernameRule")} invalid={!!r.error} />
      <Field id="claim-password" label={t("account.password")} value={password} onInput={setPassword} type="password" autoComplete="new-password" rule={t("account.passwordRule")} invalid={!!r.error} />
      <button type="submit" class="primary" disabled={r.busy} data-testid="claim-submit">{t("account.claim.button")}</button>
    </FormSection>
  );
}

function SignInForm({ announce }: { announce: Announce }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const r = useRequest();
  const submit = async () => {
    const missing = username.trim() === "" || password === "" ? t("account.fillBoth") : null;
    const ok = await r.run(missing, () => store.account.signIn(username, password));
    setPassword("");
    if (ok) announce(t("account.signIn.done", { username: accountName(store.state.account) }));
  };
  return (
    <FormSection id="sign-in" title={t("account.signIn.title")} text={t("account.signIn.text")} error={r.error} refusals={r.refusals} onSubmit={submit}>
      <Field id="sign-in-username" label={t("account.username")} value={username} onInput={setUsername} autoComplete="username" invalid={!!r.error} />
      <Field id="sign-in-password" label={t("account.password")} value={password} onInput={setPassword} type="password" autoComplete="current-password" invalid={!!r.error} />
      <button type="submit" class="primary" disabled={r.busy} data-testid="sign-in-submit">{t("account.signIn.button")}</button>
    </FormSection>
  );
}

function ChangePasswordForm({ announce }: { announce: Announce }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const r = useRequest();
  const submit = async () => {
    const check = current === "" ? t("account.fillPassword") : passwordProblem(next);
    const ok = await r.run(check, () => store.account.changePassword(current, next));
    if (ok) {
      setCurrent("");
      setNext("");
      announce(t("account.changePassword.done"));
    }
  };
  return (
    <FormSection id="change-password" title={t("account.changePassword.title")} text={t("account.changePassword.text")} error={r.error} refusals={r.refusals} onSubmit={submit}>
      <Field id="current-password" label={t("account.changePassword.current")} value={current} onInput={setCurrent} type="password" autoComplete="current-password" invalid={!!r.error} />
      <Field id="new-password" label={t("account.changePassword.new")} value={next} onInput={setNext} type="password" autoComplete="new-password" rule={t("account.passwordRule")} invalid={!!r.error} />
      <button type="submit" disabled={r.busy} data-testid="change-password-submit">{t("account.changePassword.button")}</button>
    </FormSection>
  );
}

function SignOut({ announce }: { announce: Announce }) {
  const r = useRequest();
  const out = async (everywhere: boolean) => {
    const ok = await r.run(null, () => store.account.signOut(everywhere));
    if (ok) announce(t(everywhere ? "account.signOut.doneEverywhere" : "account.signOut.done"));
  };
  return (
    <section class="panel account-section" aria-labelledby="sign-out-h" data-testid="sign-out">
      <h2 id="sign-out-h">{t("account.signOut.title")}</h2>
      <p class="hint">{t("account.signOut.text")}</p>
      <p class="account-actions">
        <button type="button" disabled={r.busy} onClick={() => void out(false)} data-testid="sign-out-here">{t("account.signOut.button")}</button>
        <button type="button" disabled={r.busy} onClick={() => void out(true)} data-testid="sign-out-everywhere">{t("account.signOut.everywhere")}</button>
      </p>
      {r.error && <p class="error" role="alert" data-testid="sign-out-error">{r.error}</p>}
    </section>
  );
}

/** Two steps: "Delete this account…" opens the confirmation (with the password of a claimed account). */
function DeleteAccount({ account, announce }: { account: AccountInfo; announce: Announce }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const r = useRequest();
  const opener = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLDivElement>(null);
  const show = () => {
    setOpen(true);
    requestAnimationFrame(() => first.current?.querySelector<HTMLElement>("input, [data-focus-first]")?.focus());
  };
  const cancel = () => {
    setOpen(false);
    setPassword("");
    requestAnimationFrame(() => opener.current?.focus());
  };
  const submit = async () => {
    const check = !account.guest && password === "" ? t("account.fillPassword") : null;
    const ok = await r.run(check, () => store.account.deleteAccount(account.guest ? "" : password));
    setPassword("");
    if (ok) announce(t("account.delete.done"));
  };
  return (
    <section class="panel account-section danger-zone" aria-labelledby="delete-h" data-testid="delete-account">
      <h2 id="delete-h">{t("account.delete.title")}</h2>
      {!open ? (
        <button type="button" class="danger" ref={opener} onClick={show} data-testid="delete-open">{t("account.delete.open")}</button>
      ) : (
        <div ref={first} role="group" aria-labelledby="delete-confirm-h" data-testid="delete-confirm">
          <h3 id="delete-confirm-h">{t("account.delete.confirmTitle")}</h3>
          <p>{t("account.delete.confirmText")}{account.guest ? "" : ` ${t("account.delete.usernameFree")}`}</p>
          <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
            {!account.guest && (
              <Field id="delete-password" label={t("account.password")} value={password} onInput={setPassword} type="password" autoComplete="current-password" invalid={!!r.error} />
            )}
            <p class="account-actions">
              <button type="button" onClick={cancel} data-focus-first={account.guest ? "" : undefined} data-testid="delete-cancel">{t("account.delete.cancel")}</button>
              <button type="submit" class="danger" disabled={r.busy} data-testid="delete-submit">{t("account.delete.confirm")}</button>
            </p>
            {r.error && <p class="error" role="alert" data-testid="delete-error">{r.error}</p>}
          </form>
        </div>
      )}
    </section>
  );
}
