// Ratings in words (src/logic/ratings.ts) and the new routes (src/state/match.ts):
// the shown rating is μ − 3σ rounded, never μ or σ; changes carry a sign;
// places, leaderboard rows and addresses as the pages show them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { GameRatingSchema, LeaderboardRowSchema, PlayerProfileSchema, ProfileMatchSchema } from "../../src/gen/brethren/v1/protocol_pb";
import { dayText, leaderboardPath, placeWords, profilePath, rankRows, ratingChange, ratingFor, ratingNumber, whenText, winShare } from "../../src/logic/ratings";
import { parseRoute } from "../../src/state/match";
import { en } from "../../src/i18n/en";

const tr = (key: string, params?: Record<string, string | number>) =>
  (en as Record<string, string>)[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params?.[k] ?? `{${k}}`));

test("the shown rating is a whole number, with a true minus sign and never -0", () => {
  assert.equal(ratingNumber(0), "0");
  assert.equal(ratingNumber(12.4), "12");
  assert.equal(ratingNumber(12.5), "13");
  assert.equal(ratingNumber(-0.3), "0");
  assert.equal(ratingNumber(-3.6), "−4");
  assert.equal(ratingNumber(21.4), "21");
});

test("a rating's change carries its sign; a change that rounds to nothing is ±0", () => {
  assert.equal(ratingChange(3.2), "+3");
  assert.equal(ratingChange(-2.5), "−2");
  assert.equal(ratingChange(-2.6), "−3");
  assert.equal(ratingChange(0.4), "±0");
  assert.equal(ratingChange(-0.4), "±0");
});

test("the win share is a whole percentage, nothing without games", () => {
  assert.equal(winShare(0, 0), "");
  assert.equal(winShare(1, 3), "33 %");
  assert.equal(winShare(2, 2), "100 %");
});

test("a player's rating for one game, if he has one", () => {
  const profile = create(PlayerProfileSchema, {
    username: "Anne",
    ratings: [create(GameRatingSchema, { gameId: "letter-of-marque", rating: 3.1, provisional: true, games: 1 })],
  });
  assert.equal(ratingFor(profile, "letter-of-marque")?.games, 1);
  assert.equal(ratingFor(profile, "tortuga-1667"), undefined);
  assert.equal(ratingFor(null, "letter-of-marque"), undefined);
});

test("a recent match's place in words: ordinals, and place 0 is leaving the game", () => {
  assert.equal(placeWords(create(ProfileMatchSchema, { place: 1 }), tr), "1st");
  assert.equal(placeWords(create(ProfileMatchSchema, { place: 3 }), tr), "3rd");
  assert.equal(placeWords(create(ProfileMatchSchema, { place: 0 }), tr), "left the game");
  assert.equal(placeWords(create(ProfileMatchSchema, { place: 9 }), tr), "9");
});

test("leaderboard rows: rank, name, rounded rating, games", () => {
  const rows = rankRows([
    create(LeaderboardRowSchema, { position: 1, username: "Anne", rating: create(GameRatingSchema, { rating: 21.4, mu: 27.1, sigma: 1.9, games: 31, wins: 12 }) }),
    create(LeaderboardRowSchema, { position: 2, username: "Bart", rating: create(GameRatingSchema, { rating: -0.2, games: 10 }) }),
    create(LeaderboardRowSchema, { position: 3, username: "Carla" }),
  ]);
  assert.deepEqual(rows, [
    { position: 1, username: "Anne", rating: "21", games: 31, wins: 12 },
    { position: 2, username: "Bart", rating: "0", games: 10, wins: 0 },
    { position: 3, username: "Carla", rating: "0", games: 0, wins: 0 },
  ]);
  // Nothing of μ or σ reaches a row.
  assert.ok(!JSON.stringify(rows).includes("27.1"));
});

test("addresses of profiles and leaderboards, and their routes back", () => {
  assert.equal(profilePath("Anne Bonny"), "/players/Anne%20Bonny");
  assert.equal(profilePath("Élise/1"), "/players/%C3%89lise%2F1");
  // A dot would make the server take the path for a file: a trailing slash keeps it a page.
  assert.equal(profilePath("anne.b"), "/players/anne.b/");
  for (const name of ["Anne Bonny", "Élise/1", "anne.b", "a%b"]) assert.deepEqual(parseRoute(profilePath(name)), { page: "player", name });
  assert.deepEqual(parseRoute("/players/%E0%A4%A"), { page: "player", name: "%E0%A4%A" }, "a malformed escape is no crash");
  assert.equal(leaderboardPath(), "/leaderboards");
  assert.equal(leaderboardPath("tortuga-1667"), "/leaderboards/tortuga-1667");
  assert.deepEqual(parseRoute("/leaderboards"), { page: "leaderboard", gameId: null });
  assert.deepEqual(parseRoute("/leaderboards/"), { page: "leaderboard", gameId: null });
  assert.deepEqual(parseRoute("/leaderboards/tortuga-1667"), { page: "leaderboard", gameId: "tortuga-1667" });
  assert.deepEqual(parseRoute("/players/"), { page: "lobby" });
});

test("a finished match's time and an account's day in the page's language; none without one", () => {
  assert.equal(whenText(0n, "en"), "");
  assert.equal(dayText(0n, "en"), "");
  assert.match(dayText(BigInt(Date.UTC(2026, 10, 26, 12, 0)), "en"), /^Nov 26, 2026$/);
  const ms = Date.UTC(2026, 10, 26, 12, 0);
  assert.match(whenText(BigInt(ms), "en"), /2026/);
  assert.match(whenText(BigInt(ms), "es"), /nov/);
});
