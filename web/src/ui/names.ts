import type { RoomInfo, SeatInfo } from "../gen/brethren/v1/protocol_pb";
import { t, hasKey } from "../i18n";
import type { SeatNamer } from "../logic/describe";
import { humanize } from "../logic/options";

/** A bot kind in words ("Hard"); a kind the catalogue does not know, humanized. */
export function botKindName(kind: string): string {
  return hasKey(`bot.kind.${kind}`) ? t(`bot.kind.${kind}`) : humanize(kind);
}

/** The name a seat shows: the player's, or the bot's level in words ("Bot (Easy)") rather than the server's internal kind. */
export function seatName(s: SeatInfo | undefined, seat: number): string {
  if (s?.taken && s.bot) return t("bot.name", { kind: botKindName(s.bot) });
  return s?.taken && s.displayName ? s.displayName : t("table.seatName", { n: seat + 1 });
}

/** Seat number -> the player's name as the room shows it. */
export function seatNamer(room: RoomInfo | null): SeatNamer {
  return (seat: number) => {
    const s = room?.seats[seat];
    let name = seatName(s, seat);
    // Two bots (or two Annes) get their seat number too.
    if (s?.taken && room!.seats.some((o) => o.seat !== seat && o.taken && seatName(o, o.seat) === name)) name += ` #${seat + 1}`;
    return room && seat === room.yourSeat ? `${name} ${t("table.you")}` : name;
  };
}
